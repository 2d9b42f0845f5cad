import { alertIdParamsSchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { testAlertChannel } from '@/lib/server/actions/alert-channels';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Sends a sample message now; answers the delivery after that attempt (a failure is retried by the worker). */
export const POST = apiRoute<{ id: string }>(
  { route: 'POST /api/dashboard/alert-channels/[id]/test', access: 'manage-channels' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await testAlertChannel(id));
  },
);
