// The former path of this route (…/costs/backup), kept for one release so scripts and bookmarks that
// call it keep working: the same handler as …/your-costs/backup.
export { GET, POST } from '@/app/api/dashboard/shops/[shopId]/your-costs/backup/route';

export const dynamic = 'force-dynamic';
