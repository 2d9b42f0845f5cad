// The former path of this route (…/costs/undo), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/undo.
export { POST } from '@/app/api/dashboard/shops/[shopId]/your-costs/undo/route';

export const dynamic = 'force-dynamic';
