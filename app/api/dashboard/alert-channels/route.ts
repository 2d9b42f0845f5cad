import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { loadChannels } from '@/lib/server/loaders/alert-channels';
import { addAlertChannel } from '@/lib/server/actions/alert-channels';

export const dynamic = 'force-dynamic';

/** Where alerts go besides the inbox, each with its last delivery. */
export const GET = implement(ALERT_ENDPOINTS['GET alert-channels'], async () => await loadChannels());

/** Adds an email address, a Slack incoming webhook or a signed webhook (its signing secret answered once). */
export const POST = implement(ALERT_ENDPOINTS['POST alert-channels'], async ({ body }) => await addAlertChannel(body));
