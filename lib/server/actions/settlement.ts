import 'server-only';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import { getSyncEngine } from '@/lib/sync';
import { DEFAULT_TARGETS } from '@/lib/sync/refresh';
import type { ConnectedShop } from '../loaders/shops';

/** How far back a person's check looks: the refresh policy's unsettled window. */
const CHECK_REACH_DAYS = DEFAULT_TARGETS.unsettledReachDays;
/** How long the check waits for its re-read before it answers `rereading` (the page then waits on the sync). */
const REREAD_WAIT_MS = 30_000;

/**
 * The refresh policy's settlement check, now: which stored days' orders settled (count requests,
 * halving spans that differ), answered once those days are read again (at most REREAD_WAIT_MS), so
 * the reports asked next already include them. `busy` while the shop is syncing.
 */
export async function checkSettlements(shop: ConnectedShop): Promise<SettlementCheck> {
  const engine = await getSyncEngine();
  const result = await engine.checkUnsettled({ id: shop.id, timezone: shop.timezone }, CHECK_REACH_DAYS);
  if (result === 'busy') return { state: 'busy', changedDays: [], requests: 0, error: null };
  if (result.changedDays.length === 0) return { state: 'checked', ...result, error: null };
  if (!(await engine.idle(shop.id, REREAD_WAIT_MS))) return { state: 'rereading', ...result, error: null };
  const progress = await engine.progress(shop.id);
  if (progress.state === 'failed') return { state: 'failed', ...result, error: progress.error };
  return { state: 'checked', ...result, error: null };
}
