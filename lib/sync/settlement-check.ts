import type { OrderType } from '@/lib/contract';
import type { Day } from '@/lib/store/days';
import type { OrderStore } from '@/lib/store/order-store';
import type { UpstreamClient } from '@/lib/upstream/types';
import { addDays, dayCount, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { staleRuns } from './plan';
import type { ShopRef } from './runner';

// The cheap check of the unsettled window (the last `reachDays` days before today). Settlement
// changes an order's type and figures, never the number of orders, so the upstream's count of
// SETTLED orders (a limit=1 request) against the stored count says whether any order of a span
// settled; a span that differs is halved until the days that changed are found: about
// 1 + 2·k·log2(days / k) counts for k changed days. The count of DRAFT orders (one more request) is
// halved alike over the days not found already. Only stored days are compared (each run of them
// on its own): exactly the changed days, never a day between them that is not stored. Unchanged
// days holding unsettled orders are confirmed as read now. The engine reads the changed days again.

export interface SettlementCheck {
  changedDays: Day[];
  requests: number;
}

export async function findSettledDays(
  store: OrderStore,
  client: UpstreamClient,
  shop: ShopRef,
  reachDays: number,
  now: number,
): Promise<SettlementCheck> {
  const today = shopLocalDate(Math.floor(now / 1000), shop.timezone);
  const window = { from: addDays(today, -reachDays), to: addDays(today, -1) };
  let requests = 0;
  const differs = async (from: Day, to: Day, orderType: OrderType) => {
    const startDate = shopDayStart(from, shop.timezone);
    const endDate = shopDayEnd(to, shop.timezone);
    requests++;
    const page = await client.orders(
      shop.id,
      { startDate, endDate, orderType, page: 1, limit: 1 },
      { priority: 'background', bypassCache: true },
    );
    return page.pagination.total !== (await store.countOrders(shop.id, startDate, endDate, orderType));
  };
  const changed = async (from: Day, to: Day, orderType: OrderType): Promise<Day[]> => {
    if (!(await differs(from, to, orderType))) return [];
    if (from === to) return [from];
    const mid = addDays(from, Math.floor((dayCount(from, to) - 1) / 2));
    return [...(await changed(from, mid, orderType)), ...(await changed(addDays(mid, 1), to, orderType))];
  };
  const [covered, unsettled] = await Promise.all([
    store.coverage(shop.id, window.from, window.to),
    store.unsettledDays(shop.id, window.from, window.to),
  ]);
  // Only stored days can be compared: the window's runs of covered days, checked one by one.
  const runs = staleRuns(window, (day) => covered.has(day));
  const days = new Set<Day>();
  for (const run of runs) {
    const settled = await changed(run.from, run.to, 'SETTLED');
    for (const day of settled) days.add(day);
    // A draft that settled moved its day's SETTLED count too: a DRAFT count that differs is
    // looked for among the run's other days alone (a draft that became unsettled), halved alike.
    const rest = settled.length === 0 ? [run] : staleRuns(run, (day) => !days.has(day));
    if (settled.length === 0 || (await differs(run.from, run.to, 'DRAFT')))
      for (const span of rest) for (const day of await changed(span.from, span.to, 'DRAFT')) days.add(day);
  }
  const confirmed = [...unsettled].filter((day) => covered.has(day) && !days.has(day));
  await store.markCovered(shop.id, confirmed, now);
  return { changedDays: [...days].sort(), requests };
}
