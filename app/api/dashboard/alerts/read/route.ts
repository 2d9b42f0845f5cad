import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { readAlerts } from '@/lib/server/actions/alerts';

export const dynamic = 'force-dynamic';

/** Marks alerts read for the person (`{ ids }` or `{ all: true }`); answers the unread count left. */
export const POST = implement(ALERT_ENDPOINTS['POST alerts/read'], async ({ body }) => {
  return await readAlerts('all' in body ? 'all' : body.ids);
});
