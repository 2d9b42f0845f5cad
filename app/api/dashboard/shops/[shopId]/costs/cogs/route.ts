// The former path of this route (…/costs/cogs), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/cogs.
export { POST } from '@/app/api/dashboard/shops/[shopId]/your-costs/cogs/route';

export const dynamic = 'force-dynamic';
