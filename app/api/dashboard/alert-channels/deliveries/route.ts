import { apiRoute } from '@/lib/api/server/handler';
import { loadDeliveries } from '@/lib/api/server/loaders/alert-channels';
import { ok } from '@/lib/api/server/response';

export const dynamic = 'force-dynamic';

/** The delivery log: the latest messages to the channels, each with its attempts and why it failed. */
export const GET = apiRoute(
  { route: 'GET /api/dashboard/alert-channels/deliveries', access: 'manage-channels' },
  async () => ok(await loadDeliveries()),
);
