import { alertChannelBodySchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { loadChannels } from '@/lib/server/loaders/alert-channels';
import { addAlertChannel } from '@/lib/server/actions/alert-channels';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Where alerts go besides the inbox, each with its last delivery. */
export const GET = apiRoute({ route: 'GET /api/dashboard/alert-channels', access: 'manage-channels' }, async () =>
  ok(await loadChannels()),
);

/** Adds an email address, a Slack incoming webhook or a signed webhook (its signing secret answered once). */
export const POST = apiRoute(
  { route: 'POST /api/dashboard/alert-channels', access: 'manage-channels' },
  async (request) => ok(await addAlertChannel(await parseBody(request, alertChannelBodySchema)), { status: 201 }),
);
