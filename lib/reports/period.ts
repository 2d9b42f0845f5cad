import { type Day } from '@/lib/store/days';
import { addDays, shopLocalDate } from '@/lib/time';
import type { OrderStore } from '@/lib/store/order-store';
import { recostSums, type RecostRow } from '@/lib/store/recost';
import { refundsByDay, sumsByDay, sumsBySku, sumsOfDayUntil, type FlaggedSums } from '@/lib/store/reads';
import { cogsSegments } from '@/lib/costs/cogs';
import { adjustmentRows, cogsScope, type CogsRule } from './cogs-adjust';
import { zeroSums, type DaySums, type SkuSums } from './sums';
import type { LineFlags } from '@/lib/store/schema';
import type { RefundPart } from '@/lib/profit/refunds';

// The sums a report is built from, for one period of shop-local days, from the local order store
// alone: today included. The store is kept fresh by the sync's refresh policy (lib/sync/refresh),
// and every view says when its data was read; a person's view never reads the upstream for what
// the store holds, and a day the store does not hold yet is simply not counted (the view is marked
// partial with its coverage). No write happens on this path: a GET never changes the store.

export interface Period {
  from: Day;
  to: Day;
  /** Unix seconds: orders of day `to` created after it are left out (a partly elapsed period's twin). */
  until?: number;
}

const flagKey = (f: LineFlags) => `${f.cancelled}${f.sample}${f.estimated}`;

export interface PeriodSums {
  skus: SkuSums[];
  days: DaySums[];
  refunds: { local_day: string; value: number }[];
  /** Each charged kind's charges (lib/costs/charges): by SKU and by day, per flags (`charge` ≥ 0). */
  charges: { id: string; skus: RecostRow[]; days: RecostRow[] }[];
}

export interface PeriodDeps {
  store: OrderStore;
  /** Milliseconds. */
  now: number;
  /** The refund parts counted: every part when left out; the reader's visible parts (lib/profit/refunds). */
  refundParts?: readonly RefundPart[] | undefined;
}

export interface ShopZone {
  id: string;
  timezone: string;
}

export interface PeriodSumsOptions {
  skus?: boolean;
  days?: boolean;
  cogs?: CogsRule | undefined;
  skusForWeightsOnly?: boolean;
  /**
   * Only the period's totals are read from its day rows (the overview's comparison period, which
   * has no series): the COGS change is then summed by SKU, through the monthly groups, and added
   * as rows of the period's first day, instead of day by day over every daily group.
   */
  dayTotalsOnly?: boolean;
  /**
   * While the range is still being read: the days stored completely, the only ones counted. A
   * window being read has some of its orders stored already; counting them would state figures of
   * days the store has not read to the end (orders beside "0 of 30 days stored").
   */
  counted?: ReadonlySet<Day> | null;
}

/** The sums of the period, from the store: of its stored days alone when `counted` is given. */
export async function periodSums(
  deps: PeriodDeps,
  shop: ShopZone,
  period: Period,
  options: PeriodSumsOptions = {},
): Promise<PeriodSums> {
  if (!options.counted) return sumsOf(deps, shop, period, options);
  const counted = options.counted;
  const runs: Period[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    if (!counted.has(day)) continue;
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  const last = runs.at(-1);
  if (last && last.to === period.to && period.until !== undefined) last.until = period.until;
  const parts = await Promise.all(runs.map((run) => sumsOf(deps, shop, run, { ...options, counted: null })));
  const out: PeriodSums = { skus: [], days: [], refunds: [], charges: [] };
  for (const part of parts) {
    out.skus.push(...part.skus);
    out.days.push(...part.days);
    out.refunds.push(...part.refunds);
    for (const kind of part.charges) {
      const same = out.charges.find((c) => c.id === kind.id);
      if (same) {
        same.skus.push(...kind.skus);
        same.days.push(...kind.days);
      } else out.charges.push({ id: kind.id, skus: [...kind.skus], days: [...kind.days] });
    }
  }
  return out;
}

async function sumsOf(
  deps: PeriodDeps,
  shop: ShopZone,
  period: Period,
  options: PeriodSumsOptions,
): Promise<PeriodSums> {
  const { skus: wantSkus = true, days: wantDays = true } = options;
  // Per-SKU rows read only for their net sales (the overview's placement weights) need no re-costing.
  const recostSkus = !options.skusForWeightsOnly;
  const scope = cogsScope(options.cogs);
  const out: PeriodSums = { skus: [], days: [], refunds: [], charges: [] };
  if (period.from > period.to) return out;
  const today = shopLocalDate(Math.floor(deps.now / 1000), shop.timezone);
  const storeTo = period.to > today ? today : period.to;
  if (period.from > storeTo) return out;
  // A cut-off applies to the period's last day only; refunds are whole days, so a cut day has none.
  const cut = period.until !== undefined && period.to <= today ? period.to : null;

  if (period.from <= storeTo) {
    const fullTo = cut !== null && cut <= storeTo ? addDays(cut, -1) : storeTo;
    const db = deps.store.db;
    const recostFrom = scope && scope.from > period.from ? scope.from : period.from;
    const segments = scope && options.cogs ? cogsSegments(options.cogs.schedule, options.cogs.prices) : [];
    const recostCut = scope && cut !== null && cut <= storeTo && cut >= recostFrom;
    const dayRecostBy = options.dayTotalsOnly ? 'sku' : 'day';
    const [skus, days, refunds, partial, skuFull, skuCut, dayFull, dayCut] = await Promise.all([
      wantSkus && period.from <= fullTo ? sumsBySku(db, shop.id, period.from, fullTo) : [],
      wantDays && period.from <= fullTo ? sumsByDay(db, shop.id, period.from, fullTo) : [],
      period.from <= fullTo ? refundsByDay(db, shop.id, period.from, fullTo, deps.refundParts) : [],
      cut !== null && cut <= storeTo ? sumsOfDayUntil(db, shop.id, cut, period.until!) : null,
      wantSkus && recostSkus ? recostSums(db, shop.id, segments, recostFrom, fullTo, 'sku') : [],
      wantSkus && recostSkus && recostCut ? recostSums(db, shop.id, segments, cut!, cut!, 'sku', period.until!) : [],
      wantDays ? recostSums(db, shop.id, segments, recostFrom, fullTo, dayRecostBy) : [],
      wantDays && recostCut ? recostSums(db, shop.id, segments, cut!, cut!, dayRecostBy, period.until!) : [],
    ]);
    for (const row of adjustmentRows([...skuFull, ...skuCut], 'sku')) out.skus.push(row);
    const dayChanges = [...dayFull, ...dayCut];
    const datedChanges = options.dayTotalsOnly ? dayChanges.map((r) => ({ ...r, key: period.from })) : dayChanges;
    for (const row of adjustmentRows(datedChanges, 'day')) out.days.push(row);
    out.skus.push(...skus);
    out.days.push(...days);
    out.refunds.push(...refunds);
    // The charged kinds over the same rollups: by SKU (the SKU report) and by day (series, totals).
    const cutCharges = cut !== null && cut <= storeTo;
    for (const kind of options.cogs?.charges ?? []) {
      const read = (by: 'sku' | 'day') =>
        Promise.all([
          period.from <= fullTo ? recostSums(db, shop.id, kind.segments, period.from, fullTo, by) : [],
          cutCharges ? recostSums(db, shop.id, kind.segments, cut!, cut!, by, period.until!) : [],
        ]).then((parts) => parts.flat());
      const [bySku, byDay] = await Promise.all([
        wantSkus && recostSkus ? read('sku') : [],
        wantDays ? read(dayRecostBy) : [],
      ]);
      const days = options.dayTotalsOnly ? byDay.map((r) => ({ ...r, key: period.from })) : byDay;
      out.charges.push({ id: kind.id, skus: bySku, days });
    }
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

  return out;
}

function zeroDay(day: Day, flags: LineFlags): DaySums {
  return { ...zeroSums(flags), local_day: day, orders: 0 };
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
