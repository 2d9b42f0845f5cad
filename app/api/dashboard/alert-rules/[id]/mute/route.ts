import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { muteRule } from '@/lib/server/actions/alerts';

export const dynamic = 'force-dynamic';

/** Mutes a rule in the person's own inbox (or unmutes it); others' inboxes and the channels are unchanged. */
export const PUT = implement(ALERT_ENDPOINTS['PUT alert-rules/[id]/mute'], async ({ params, body }) => {
  const { id } = params;
  return await muteRule(id, body.muted);
});
