import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { loadInbox } from '@/lib/server/loaders/alerts';
import { servingLocale } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** The person's inbox: the latest alerts of the shops they may see (`?unread=1`: the unread ones), and the unread count; its words in their locale. */
export const GET = implement(ALERT_ENDPOINTS['GET alerts'], async ({ query }, { request }) =>
  loadInbox(query.unread, servingLocale(request)),
);
