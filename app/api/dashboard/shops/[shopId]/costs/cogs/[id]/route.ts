// The former path of this route (…/costs/cogs/[id]), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/cogs/[id].
export { PUT, DELETE } from '@/app/api/dashboard/shops/[shopId]/your-costs/cogs/[id]/route';

export const dynamic = 'force-dynamic';
