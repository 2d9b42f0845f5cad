// The former path of this route (…/costs/expenses/[id]), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/expenses/[id].
export { PUT, DELETE } from '@/app/api/dashboard/shops/[shopId]/your-costs/expenses/[id]/route';

export const dynamic = 'force-dynamic';
