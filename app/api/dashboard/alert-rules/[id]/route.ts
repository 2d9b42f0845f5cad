import { alertIdParamsSchema, alertRuleChangeSchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { changeRule, removeRule } from '@/lib/server/actions/alerts';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Switches a rule on or off, or changes its thresholds, channels or cooldown. */
export const PATCH = apiRoute<{ id: string }>(
  { route: 'PATCH /api/dashboard/alert-rules/[id]', access: 'edit-alerts' },
  async (request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await changeRule(id, await parseBody(request, alertRuleChangeSchema)));
  },
);

/** Removes a rule and its alerts (the delivery log keeps what was sent). */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/alert-rules/[id]', access: 'edit-alerts' },
  async (_request, { params }) => {
    const { id } = await parseParams(params, alertIdParamsSchema);
    return ok(await removeRule(id));
  },
);
