import { MAX_PAGE_SIZE, type Order, type RefundDay } from '@/lib/contract';
import { toCents } from '@/lib/profit';
import { addDays, dayEndUnix, dayStartUnix, localDay, type Day } from '@/lib/store/days';
import type { OrderStore } from '@/lib/store/order-store';
import { recostSums, type LineGroup } from '@/lib/store/recost';
import { refundsByDay, sumsByDay, sumsBySku, sumsOfDayUntil, type FlaggedSums } from '@/lib/store/reads';
import { cogsSegments } from '@/lib/costs/cogs';
import { adjustmentRows, cogsAdjustments, cogsScope, type CogsRule } from './cogs-adjust';
import { lineRows, orderRow, RollupDelta } from '@/lib/store/rows';
import type { LineFlags } from '@/lib/store/schema';
import type { UpstreamClient } from '@/lib/upstream/types';

// The sums a report is built from, for one period of shop-local days: from the local order store,
// except the days the store may lag the orders table for (today, and yesterday until it was read
// after it ended). Those few days are read from the upstream at interactive priority, through the
// client's 10-second cache and in-flight sharing, the same source and freshness as the orders
// table, so a seller never sees two counts for one range. No write happens on this path: a GET
// never changes the store or starts a sync.

export interface Period {
  from: Day;
  to: Day;
  /** Unix seconds: orders of day `to` created after it are left out (a partly elapsed period's twin). */
  until?: number;
}

export type SkuSums = FlaggedSums & { sku_id: string };
export type DaySums = FlaggedSums & { local_day: string; orders: number };

export interface PeriodSums {
  skus: SkuSums[];
  days: DaySums[];
  refunds: { local_day: string; value: number }[];
  /** Days answered from the upstream (ascending); empty when the store answered everything. */
  liveDays: Day[];
  /**
   * Names of the SKUs in the days read live, from those orders: a SKU sold today before the first
   * sync stored its name still shows by name.
   */
  liveNames: Map<string, LiveSkuName>;
}

export interface LiveSkuName {
  productId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
}

export interface PeriodDeps {
  store: OrderStore;
  /** The upstream, for the days the store may lag; without it the store answers every day. */
  client?: UpstreamClient | undefined;
  /** Milliseconds. */
  now: number;
}

export interface ShopZone {
  id: string;
  timezone: string;
}

/**
 * Days at the end of [from, to] the store may lag for: not stored yet, or read before the day
 * ended (orders may have been created since). Only today and yesterday can be such days.
 */
export function liveDaysOf(
  from: Day,
  to: Day,
  coverage: ReadonlyMap<Day, number>,
  timeZone: string,
  now: number,
): Day[] {
  const today = localDay(Math.floor(now / 1000), timeZone);
  const out: Day[] = [];
  for (const day of [today, addDays(today, -1)]) {
    if (day < from || day > to) continue;
    const readAt = coverage.get(day);
    const readAfterEnd = readAt !== undefined && readAt > (dayEndUnix(day, timeZone) + 1) * 1000;
    if (readAfterEnd) break; // an earlier day was read after it ended too
    out.unshift(day);
  }
  return out;
}

async function allPages<T>(
  fetchPage: (page: number) => Promise<{ items: readonly T[]; pagination: { totalPages: number } }>,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchPage(page);
    out.push(...result.items);
    if (page >= result.pagination.totalPages) return out;
  }
}

async function liveOrders(
  client: UpstreamClient,
  shop: ShopZone,
  from: Day,
  to: Day,
): Promise<{ orders: Order[]; refunds: RefundDay[] }> {
  const window = {
    startDate: dayStartUnix(from, shop.timezone),
    endDate: dayEndUnix(to, shop.timezone),
    sort: 'ASC' as const,
  };
  const options = { priority: 'interactive' as const };
  const [orders, refunds] = await Promise.all([
    allPages((page) => client.orders(shop.id, { ...window, page, limit: MAX_PAGE_SIZE }, options)),
    allPages((page) => client.refunds(shop.id, { ...window, page, limit: MAX_PAGE_SIZE }, options)),
  ]);
  return { orders, refunds };
}

const flagKey = (f: LineFlags) => `${f.cancelled}${f.sample}${f.estimated}`;

/** The rollup rows the store would hold for these orders (the same lib/store/rows code). */
function sumsOfOrders(
  shopId: string,
  timeZone: string,
  orders: readonly Order[],
): { skus: SkuSums[]; days: DaySums[]; lines: LineGroup[]; names: Map<string, LiveSkuName> } {
  const delta = new RollupDelta();
  const lines: LineGroup[] = [];
  const names = new Map<string, LiveSkuName>();
  for (const order of orders) {
    const row = orderRow(shopId, order, timeZone, 0);
    delta.addOrder(row, 1);
    for (const line of lineRows(shopId, order, row.local_day)) {
      delta.addLine(line, 1);
      names.set(line.sku_id, {
        productId: line.product_id,
        productName: line.product_name,
        skuName: line.sku_name,
        sellerSku: line.seller_sku,
      });
      lines.push({
        sku_id: line.sku_id,
        local_day: line.local_day,
        cancelled: line.cancelled,
        sample: line.sample,
        estimated: line.estimated,
        gross_sales: line.gross_sales,
        cost_of_goods: line.cost_of_goods,
        lines: 1,
      });
    }
  }
  const skus = [...delta.skus.values()].map(({ local_day: _day, ...rest }) => rest);
  return { skus, days: [...delta.orders.values()], lines, names };
}

/** The sums of the period, from the store and (for the days it may lag) the upstream. */
export async function periodSums(
  deps: PeriodDeps,
  shop: ShopZone,
  period: Period,
  options: { skus?: boolean; days?: boolean; cogs?: CogsRule | undefined; skusForWeightsOnly?: boolean } = {},
): Promise<PeriodSums> {
  const { skus: wantSkus = true, days: wantDays = true } = options;
  // Per-SKU rows read only for their net sales (the overview's placement weights) need no re-costing.
  const recostSkus = !options.skusForWeightsOnly;
  const scope = cogsScope(options.cogs);
  const groups: LineGroup[] = [];
  const empty: PeriodSums = { skus: [], days: [], refunds: [], liveDays: [], liveNames: new Map() };
  if (period.from > period.to) return empty;
  const today = localDay(Math.floor(deps.now / 1000), shop.timezone);
  const to = period.to > today ? today : period.to;
  if (period.from > to) return empty;
  const coverage = await deps.store.coverage(
    shop.id,
    addDays(to, -1) < period.from ? period.from : addDays(to, -1),
    to,
  );
  const live = deps.client ? liveDaysOf(period.from, to, coverage, shop.timezone, deps.now) : [];
  const storeTo = live.length > 0 ? addDays(live[0]!, -1) : to;
  // A cut-off applies to the period's last day only; refunds are whole days, so a cut day has none.
  const cut = period.until !== undefined && period.to <= today ? period.to : null;
  const out: PeriodSums = { skus: [], days: [], refunds: [], liveDays: live, liveNames: new Map() };

  if (period.from <= storeTo) {
    const fullTo = cut !== null && cut <= storeTo ? addDays(cut, -1) : storeTo;
    const db = deps.store.db;
    const recostFrom = scope && scope.from > period.from ? scope.from : period.from;
    const segments = scope && options.cogs ? cogsSegments(options.cogs.schedule, options.cogs.prices) : [];
    const recostCut = scope && cut !== null && cut <= storeTo && cut >= recostFrom;
    const [skus, days, refunds, partial, skuFull, skuCut, dayFull, dayCut] = await Promise.all([
      wantSkus && period.from <= fullTo ? sumsBySku(db, shop.id, period.from, fullTo) : [],
      wantDays && period.from <= fullTo ? sumsByDay(db, shop.id, period.from, fullTo) : [],
      period.from <= fullTo ? refundsByDay(db, shop.id, period.from, fullTo) : [],
      cut !== null && cut <= storeTo ? sumsOfDayUntil(db, shop.id, cut, period.until!) : null,
      wantSkus && recostSkus ? recostSums(db, shop.id, segments, recostFrom, fullTo, 'sku') : [],
      wantSkus && recostSkus && recostCut ? recostSums(db, shop.id, segments, cut!, cut!, 'sku', period.until!) : [],
      wantDays ? recostSums(db, shop.id, segments, recostFrom, fullTo, 'day') : [],
      wantDays && recostCut ? recostSums(db, shop.id, segments, cut!, cut!, 'day', period.until!) : [],
    ]);
    for (const row of adjustmentRows([...skuFull, ...skuCut], 'sku')) out.skus.push(row);
    for (const row of adjustmentRows([...dayFull, ...dayCut], 'day')) out.days.push(row);
    out.skus.push(...skus);
    out.days.push(...days);
    out.refunds.push(...refunds);
    if (partial) {
      out.skus.push(...partial.skus);
      // Day rows of the cut day: orders per flags, and the lines' sums per flags.
      const byFlags = new Map<string, DaySums>();
      for (const o of partial.orders) {
        byFlags.set(flagKey(o), { ...zeroDay(cut!, o), orders: o.orders });
      }
      for (const s of partial.skus) {
        let row = byFlags.get(flagKey(s));
        if (!row) byFlags.set(flagKey(s), (row = zeroDay(cut!, s)));
        addFlagged(row, s);
      }
      out.days.push(...byFlags.values());
    }
  }

  if (live.length > 0 && deps.client) {
    const fetched = await liveOrders(deps.client, shop, live[0]!, live.at(-1)!);
    const orders =
      cut !== null
        ? fetched.orders.filter((o) => localDay(o.createTime, shop.timezone) !== cut || o.createTime <= period.until!)
        : fetched.orders;
    const sums = sumsOfOrders(shop.id, shop.timezone, orders);
    out.liveNames = sums.names;
    out.skus.push(...sums.skus);
    out.days.push(...sums.days);
    if (scope) {
      const skus = new Set(scope.skus);
      for (const l of sums.lines) if (skus.has(l.sku_id)) groups.push(l);
    }
    for (const r of fetched.refunds) {
      const day = localDay(r.date, shop.timezone);
      if (day >= live[0]! && day <= live.at(-1)! && day !== cut)
        out.refunds.push({ local_day: day, value: toCents(r.value) });
    }
  }
  // The days read live (today, yesterday): their few lines are re-costed here by the same rule.
  if (scope && options.cogs && groups.length > 0) {
    const adjust = cogsAdjustments(groups, options.cogs);
    if (wantSkus && recostSkus) for (const row of adjust.skus) out.skus.push(row);
    if (wantDays) for (const row of adjust.days) out.days.push(row);
  }
  return out;
}

function zeroDay(day: Day, flags: LineFlags): DaySums {
  return {
    local_day: day,
    cancelled: flags.cancelled,
    sample: flags.sample,
    estimated: flags.estimated,
    orders: 0,
    lines: 0,
    gmv: 0,
    gross_sales: 0,
    promos: 0,
    net_sales: 0,
    cost_of_goods: 0,
    shipping: 0,
    platform_fees: 0,
    affiliate_commission: 0,
    total_costs: 0,
    net_profit: 0,
  };
}

function addFlagged(into: FlaggedSums, from: FlaggedSums): void {
  into.lines += from.lines;
  into.gmv += from.gmv;
  into.gross_sales += from.gross_sales;
  into.promos += from.promos;
  into.net_sales += from.net_sales;
  into.cost_of_goods += from.cost_of_goods;
  into.shipping += from.shipping;
  into.platform_fees += from.platform_fees;
  into.affiliate_commission += from.affiliate_commission;
  into.total_costs += from.total_costs;
  into.net_profit += from.net_profit;
}
