import { alertIdParamsSchema, alertMuteBodySchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { muteRule } from '@/lib/server/actions/alerts';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Mutes a rule in the person's own inbox (or unmutes it); others' inboxes and the channels are unchanged. */
export const PUT = apiRoute<{ id: string }>(
  { route: 'PUT /api/dashboard/alert-rules/[id]/mute', access: 'view' },
  async (request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await muteRule(id, (await parseBody(request, alertMuteBodySchema)).muted));
  },
);
