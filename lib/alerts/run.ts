import 'server-only';
import { logWarning } from '@/lib/log';
import type { AlertTable } from '@/lib/store/alert-tables';
import { readCostInputs } from '@/lib/store/cost-inputs';
import type { OrderStore } from '@/lib/store/order-store';
import type { AlertShop, EvalContext } from './context';
import { recordFindings } from './episodes';
import { evaluateRule } from './evaluate';
import { listRules, type AlertRule } from './rule-store';
import type { AlertKind } from './rules';

// One evaluation of a shop's rules over its stored data: after each sync of the shop (every kind),
// and on the scheduler's sweep for the kinds that change with time alone (a sync that stopped, a
// shop gone quiet). A rule that fails to evaluate is logged and the others go on.

/** The kinds whose condition can start holding without any new data: the sweep evaluates them. */
export const TIME_KINDS: ReadonlySet<AlertKind> = new Set(['sync-stale', 'no-orders']);

export interface EvaluationDeps {
  store: OrderStore;
  now: number;
  progress: EvalContext['progress'];
  /** Called with each alert the evaluation opened (the channels' deliveries are enqueued there). */
  opened?: (alert: AlertTable, rule: AlertRule, shop: AlertShop) => Promise<void>;
}

/** The shop's enabled rules (its own and every shop's), of `kinds` when given: what an evaluation runs. */
export async function rulesToEvaluate(
  deps: Pick<EvaluationDeps, 'store'>,
  shopId: string,
  kinds?: ReadonlySet<AlertKind>,
): Promise<AlertRule[]> {
  const rules = await listRules(deps.store.db, { shopId, enabledOnly: true });
  return kinds ? rules.filter((r) => kinds.has(r.kind)) : rules;
}

export async function evaluateShopAlerts(
  deps: EvaluationDeps,
  shop: AlertShop,
  rules: readonly AlertRule[],
): Promise<AlertTable[]> {
  const db = deps.store.db;
  if (rules.length === 0) return [];
  const costs = await readCostInputs(db, shop.id);
  const ctx: EvalContext = { store: deps.store, shop, now: deps.now, costs, progress: deps.progress };
  const opened: AlertTable[] = [];
  for (const rule of rules) {
    try {
      const findings = await evaluateRule(rule.kind, rule.params, ctx);
      const fresh = await recordFindings(db, rule, shop.id, findings, deps.now);
      for (const alert of fresh) await deps.opened?.(alert, rule, shop);
      opened.push(...fresh);
    } catch (error) {
      logWarning('alerts', `rule ${rule.id} (${rule.kind}) on shop ${shop.id} could not be evaluated`, error);
    }
  }
  return opened;
}
