// The former path of this route (…/costs), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs.
export { GET } from '@/app/api/dashboard/shops/[shopId]/your-costs/route';

export const dynamic = 'force-dynamic';
