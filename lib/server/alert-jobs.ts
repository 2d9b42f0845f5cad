import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { enqueueDeliveries, runDueDeliveries } from '@/lib/alerts/deliveries';
import { alertShopOf } from '@/lib/alerts/context';
import { alertPayload } from '@/lib/alerts/payload';
import { evaluateShopAlerts, rulesToEvaluate, TIME_KINDS } from '@/lib/alerts/run';
import { startJobs, type Job } from '@/lib/alerts/scheduler';
import type { AlertKind } from '@/lib/alerts/rules';
import { logWarning } from '@/lib/log';
import { getOrderStore } from '@/lib/store';
import { getSyncEngine, onShopSynced } from '@/lib/sync';
import { runDigests } from './digest-run';
import { connectedShops } from './loaders/shops';

// The alerts' place in the server (docs/ARCHITECTURE.md#alerts): a shop's rules are evaluated a
// moment after each of its syncs; the scheduler's jobs sweep the kinds that change with time alone,
// send what is due to the channels, and send the digests. Started once, when the server starts.

/** A burst of sync runs of one shop (a refresh, then its unsettled days) is evaluated once, after it. */
const SETTLE_MS = 2_000;

interface AlertJobsState {
  stop?: () => void;
  /** Bound: one waiting evaluation per shop (a sync while one waits adds none; it leaves when it runs). */
  pending: Map<string, NodeJS.Timeout>;
}
const globals = globalThis as typeof globalThis & { __spdAlerts?: AlertJobsState };
const state: AlertJobsState = (globals.__spdAlerts ??= { pending: new Map() });

let kick: Promise<unknown> | null = null;
/** Sends what is due now (the deliveries job does it too, every 15 s). */
function sendDueSoon(): void {
  kick ??= getOrderStore()
    .then((store) => runDueDeliveries(store.db))
    .catch((error: unknown) => logWarning('alerts', 'sending the due alerts failed; the job tries again', error))
    .finally(() => (kick = null));
}

/** Evaluates one shop's rules now (all kinds, or `kinds`); answers how many alerts opened. */
export async function evaluateShop(shopId: string, kinds?: ReadonlySet<AlertKind>, now = Date.now()): Promise<number> {
  const store = await getOrderStore();
  // Without a rule on the shop nothing is read (not the shop list, not the sync's state).
  const rules = await rulesToEvaluate({ store }, shopId, kinds);
  if (rules.length === 0) return 0;
  const shop = (await connectedShops()).find((s) => s.id === shopId);
  if (!shop) return 0;
  const progress = await (await getSyncEngine()).progress(shopId);
  const opened = await evaluateShopAlerts(
    {
      store,
      now,
      progress,
      opened: async (alert, rule, s) => {
        const payload = alertPayload(
          { ...alert, ruleId: alert.rule_id, shopId: alert.shop_id, figure: JSON.parse(alert.figure), openedAt: now },
          s.name,
        );
        await enqueueDeliveries(store.db, alert, rule.channels, payload, now, 'alert');
      },
    },
    alertShopOf(shop),
    rules,
  );
  if (opened.length > 0) sendDueSoon();
  return opened.length;
}

function afterSync(shopId: string): void {
  if (state.pending.has(shopId)) return;
  const timer = setTimeout(() => {
    state.pending.delete(shopId);
    evaluateShop(shopId).catch((error: unknown) =>
      logWarning('alerts', `shop ${shopId}: the alerts after its sync could not be evaluated`, error),
    );
  }, SETTLE_MS);
  timer.unref();
  state.pending.set(shopId, timer);
}

const JOBS: Job[] = [
  {
    name: 'alerts-sweep',
    pattern: '0 */5 * * * *',
    everyMs: 5 * 60_000,
    leaseMs: 4 * 60_000,
    run: async (now) => {
      for (const shop of await connectedShops()) await evaluateShop(shop.id, TIME_KINDS, now);
    },
  },
  {
    name: 'alert-deliveries',
    pattern: '*/15 * * * * *',
    everyMs: 15_000,
    leaseMs: 60_000,
    run: async (now) => {
      await runDueDeliveries(await storeDb(), now);
    },
  },
  {
    name: 'digests',
    pattern: '30 */5 * * * *',
    everyMs: 5 * 60_000,
    leaseMs: 4 * 60_000,
    run: (now) => runDigests(now),
  },
];

/** Starts the evaluation after syncs and the jobs (once per process). */
export function startAlertJobs(): void {
  if (state.stop) return;
  const unsubscribe = onShopSynced(afterSync);
  const stopJobs = startJobs(storeDb, JOBS);
  state.stop = () => {
    unsubscribe();
    stopJobs();
  };
}
