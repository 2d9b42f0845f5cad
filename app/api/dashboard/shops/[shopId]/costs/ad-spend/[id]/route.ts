// The former path of this route (…/costs/ad-spend/[id]), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/ad-spend/[id].
export { PUT, DELETE } from '@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/[id]/route';

export const dynamic = 'force-dynamic';
