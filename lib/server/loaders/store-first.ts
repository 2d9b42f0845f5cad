import 'server-only';
import type { ViewSource } from '@/lib/api/schemas';
import { logWarning } from '@/lib/log';
import { getOrderStore } from '@/lib/store';
import type { OrderStore } from '@/lib/store/order-store';
import { getSyncEngine } from '@/lib/sync';
import type { RangeCoverage } from '@/lib/sync/progress';
import { isUpstreamFailure } from '../error-guards';
import type { ConnectedShop } from './shops';
import { upstream } from '../upstream';

// The rule every list view follows (docs/ARCHITECTURE.md#the-upstream-budget): when the local store
// holds every day of the range, the store answers, labelled with the time its data was read, and a
// click spends none of the upstream budget. A range the store does not hold yet is read from the
// upstream with the click reserve, for at most CLICK_WAIT_MS; if the upstream cannot answer by then
// (its budget is spent, it hangs, it fails), the stored part answers at once, marked partial with
// the reason, and the page asks for the range's sync (POST /sync). Anything the seller must act on
// (credentials, plan, an unknown shop, a malformed answer) is still the answer.

/** How long a person's click waits for the upstream before the stored part is shown instead. */
export const CLICK_WAIT_MS = 4_000;
/** Requests unanswered this long mean the upstream is not responding (not merely busy). */
export const NOT_RESPONDING_MS = 3_000;

export interface StoreFirst<T> {
  value: T;
  source: ViewSource;
  /** When the stored days were read (ms), for a store answer; null for an upstream page. */
  asOf: number | null;
  coverage: { daysTotal: number; daysStored: number } | null;
  /** The store does not hold the whole range: the page asks for its sync. */
  needsSync: boolean;
}

/** The range's stored coverage (null when the store cannot be read: the upstream then answers alone). */
async function storedCoverage(shop: ConnectedShop, range: { from: string; to: string }): Promise<RangeCoverage | null> {
  try {
    return await (await getSyncEngine()).coverage({ id: shop.id, timezone: shop.timezone }, range);
  } catch (error) {
    logWarning('views', 'order store unavailable, the view is read from the upstream', error);
    return null;
  }
}

export async function storeFirst<T>(
  shop: ConnectedShop,
  range: { from: string; to: string },
  read: {
    store: (store: OrderStore) => Promise<T>;
    upstream: (signal: AbortSignal) => Promise<T>;
  },
  signal?: AbortSignal,
): Promise<StoreFirst<T>> {
  const coverage = await storedCoverage(shop, range);
  const counts = coverage && { daysTotal: coverage.daysTotal, daysStored: coverage.daysStored };
  const stored = async (source: ViewSource): Promise<StoreFirst<T>> => ({
    value: await read.store(await getOrderStore()),
    source,
    asOf: coverage?.syncedAt ?? null,
    coverage: counts,
    needsSync: source !== 'store',
  });
  if (coverage?.complete) return stored('store');
  const deadline = AbortSignal.timeout(CLICK_WAIT_MS);
  try {
    const value = await read.upstream(signal ? AbortSignal.any([signal, deadline]) : deadline);
    return { value, source: 'upstream', asOf: null, coverage: counts, needsSync: coverage !== null };
  } catch (error) {
    if (signal?.aborted || coverage === null) throw error;
    // Sent and not answered (a hang, a timeout, no route): not responding. Never sent: busy.
    const unanswered = (upstream().health?.().unansweredForMs ?? 0) >= NOT_RESPONDING_MS;
    const down =
      unanswered || (isUpstreamFailure(error) && ['UPSTREAM_UNAVAILABLE', 'INTERNAL_ERROR'].includes(error.code));
    const busy = deadline.aborted || (isUpstreamFailure(error) && error.code === 'RATE_LIMITED');
    if (!busy && !down) throw error;
    return stored(down ? 'stored-part-down' : 'stored-part-busy');
  }
}
