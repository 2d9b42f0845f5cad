import { alertIdParamsSchema, alertMuteBodySchema } from '@/lib/api/alert-schemas';
import { apiRoute } from '@/lib/api/server/handler';
import { muteRule } from '@/lib/api/server/loaders/alerts';
import { parseBody, parseParams } from '@/lib/api/server/request';
import { ok } from '@/lib/api/server/response';

export const dynamic = 'force-dynamic';

/** Mutes a rule in the person's own inbox (or unmutes it); others' inboxes and the channels are unchanged. */
export const PUT = apiRoute<{ id: string }>(
  { route: 'PUT /api/dashboard/alert-rules/[id]/mute', access: 'view' },
  async (request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await muteRule(id, (await parseBody(request, alertMuteBodySchema)).muted));
  },
);
