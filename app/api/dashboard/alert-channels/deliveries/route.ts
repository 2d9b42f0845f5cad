import { apiRoute } from '@/lib/server/handler';
import { loadDeliveries } from '@/lib/server/loaders/alert-channels';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The delivery log: the latest messages to the channels, each with its attempts and why it failed. */
export const GET = apiRoute(
  { route: 'GET /api/dashboard/alert-channels/deliveries', access: 'manage-channels' },
  async () => ok(await loadDeliveries()),
);
