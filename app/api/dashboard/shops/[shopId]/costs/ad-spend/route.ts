// The former path of this route (…/costs/ad-spend), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/ad-spend.
export { POST } from '@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/route';

export const dynamic = 'force-dynamic';
