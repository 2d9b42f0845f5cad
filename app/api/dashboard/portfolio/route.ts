// The All shops API's former path (/api/dashboard/portfolio), kept for one release so scripts and
// bookmarks that call it keep working: the same handler as /api/dashboard/all-shops.
export { GET } from '../all-shops/route';

export const dynamic = 'force-dynamic';
