import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { loadRules } from '@/lib/server/loaders/alerts';
import { addRule } from '@/lib/server/actions/alerts';

export const dynamic = 'force-dynamic';

/** The alert rules the person may see, the kinds they may set, and whether they may edit. */
export const GET = implement(ALERT_ENDPOINTS['GET alert-rules'], async () => await loadRules());

/** Adds a rule (its thresholds checked by its kind; a shop the person may not see is not found). */
export const POST = implement(ALERT_ENDPOINTS['POST alert-rules'], async ({ body }) => await addRule(body));
