import { apiRoute } from '@/lib/server/handler';
import { loadInbox } from '@/lib/server/loaders/alerts';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The person's inbox: the latest alerts of the shops they may see (`?unread=1`: the unread ones), and the unread count. */
export const GET = apiRoute({ route: 'GET /api/dashboard/alerts', access: 'view' }, async (request) =>
  ok(await loadInbox(new URL(request.url).searchParams.get('unread') === '1')),
);
