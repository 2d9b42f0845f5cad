import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { removeAlertChannel } from '@/lib/server/actions/alert-channels';

export const dynamic = 'force-dynamic';

/** Removes a channel: rules stop sending to it; its delivery log stays. */
export const DELETE = implement(ALERT_ENDPOINTS['DELETE alert-channels/[id]'], async ({ params }) => {
  const { id } = params;
  return await removeAlertChannel(id);
});
