// The former path of this route (…/costs/ad-spend/import), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/ad-spend/import.
export { POST } from '@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/import/route';

export const dynamic = 'force-dynamic';
