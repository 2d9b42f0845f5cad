import { alertReadBodySchema } from '@/lib/api/alert-schemas';
import { apiRoute } from '@/lib/api/server/handler';
import { readAlerts } from '@/lib/api/server/loaders/alerts';
import { parseBody } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';

export const dynamic = 'force-dynamic';

/** Marks alerts read for the person (`{ ids }` or `{ all: true }`); answers the unread count left. */
export const POST = apiRoute({ route: 'POST /api/dashboard/alerts/read', access: 'view' }, async (request) => {
  const body = await parseBody(request, alertReadBodySchema);
  return ok(await readAlerts('all' in body ? 'all' : body.ids));
});
