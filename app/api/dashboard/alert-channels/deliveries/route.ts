import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { loadDeliveries } from '@/lib/server/loaders/alert-channels';

export const dynamic = 'force-dynamic';

/** The delivery log: the latest messages to the channels, each with its attempts and why it failed. */
export const GET = implement(ALERT_ENDPOINTS['GET alert-channels/deliveries'], async () => await loadDeliveries());
