// The former path of this route (…/costs/expenses), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/expenses.
export { POST } from '@/app/api/dashboard/shops/[shopId]/your-costs/expenses/route';

export const dynamic = 'force-dynamic';
