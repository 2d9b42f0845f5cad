import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { changeRule, removeRule } from '@/lib/server/actions/alerts';

export const dynamic = 'force-dynamic';

/** Switches a rule on or off, or changes its thresholds, channels or cooldown. */
export const PATCH = implement(ALERT_ENDPOINTS['PATCH alert-rules/[id]'], async ({ params, body }) => {
  const { id } = params;
  return await changeRule(id, body);
});

/** Removes a rule and its alerts (the delivery log keeps what was sent). */
export const DELETE = implement(ALERT_ENDPOINTS['DELETE alert-rules/[id]'], async ({ params }) => {
  const { id } = params;
  return await removeRule(id);
});
