import { alertReadBodySchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { readAlerts } from '@/lib/server/actions/alerts';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Marks alerts read for the person (`{ ids }` or `{ all: true }`); answers the unread count left. */
export const POST = apiRoute({ route: 'POST /api/dashboard/alerts/read', access: 'view' }, async (request) => {
  const body = await parseBody(request, alertReadBodySchema);
  return ok(await readAlerts('all' in body ? 'all' : body.ids));
});
