import { alertIdParamsSchema } from '@/lib/api/alert-schemas';
import { apiRoute } from '@/lib/api/server/handler';
import { testAlertChannel } from '@/lib/api/server/loaders/alert-channels';
import { parseParams } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';

export const dynamic = 'force-dynamic';

/** Sends a sample message now; answers the delivery after that attempt (a failure is retried by the worker). */
export const POST = apiRoute<{ id: string }>(
  { route: 'POST /api/dashboard/alert-channels/[id]/test', access: 'manage-channels' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await testAlertChannel(id));
  },
);
