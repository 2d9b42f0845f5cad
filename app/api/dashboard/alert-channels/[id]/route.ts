import { alertIdParamsSchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { removeAlertChannel } from '@/lib/server/actions/alert-channels';
import { parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Removes a channel: rules stop sending to it; its delivery log stays. */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/alert-channels/[id]', access: 'manage-channels' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await removeAlertChannel(id));
  },
);
