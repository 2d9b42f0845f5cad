import { alertRuleBodySchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { loadRules } from '@/lib/server/loaders/alerts';
import { addRule } from '@/lib/server/actions/alerts';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The alert rules the person may see, the kinds they may set, and whether they may edit. */
export const GET = apiRoute({ route: 'GET /api/dashboard/alert-rules', access: 'view' }, async () =>
  ok(await loadRules()),
);

/** Adds a rule (its thresholds checked by its kind; a shop the person may not see is not found). */
export const POST = apiRoute({ route: 'POST /api/dashboard/alert-rules', access: 'edit-alerts' }, async (request) =>
  ok(await addRule(await parseBody(request, alertRuleBodySchema)), { status: 201 }),
);
