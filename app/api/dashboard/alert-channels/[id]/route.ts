import { alertIdParamsSchema } from '@/lib/api/alert-schemas';
import { apiRoute } from '@/lib/api/server/handler';
import { removeAlertChannel } from '@/lib/api/server/loaders/alert-channels';
import { parseParams } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';

export const dynamic = 'force-dynamic';

/** Removes a channel: rules stop sending to it; its delivery log stays. */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/alert-channels/[id]', access: 'manage-channels' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await removeAlertChannel(id));
  },
);
