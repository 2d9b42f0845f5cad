import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { testAlertChannel } from '@/lib/server/actions/alert-channels';

export const dynamic = 'force-dynamic';

/** Sends a sample message now; answers the delivery after that attempt (a failure is retried by the worker). */
export const POST = implement(ALERT_ENDPOINTS['POST alert-channels/[id]/test'], async ({ params }) => {
  const { id } = params;
  return await testAlertChannel(id);
});
