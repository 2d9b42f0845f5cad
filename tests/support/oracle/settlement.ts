// The oracle of settlement drift: the observed drift recounted by brute force from two raw reads
// of the Reporting Service's orders (over its HTTP interface, see recount.ts readShop), one while
// they were open and one after the service's clock moved on. Like recount.ts it imports nothing
// from lib/: a line's cents, the orders that count, the ratios and the type-7 percentile are
// written out again here from lib/reports/settlement.ts's description of the figures.
//
// An order is observed when its first read saw it open (UNSETTLED or DRAFT: its estimate) and the
// second read sees it SETTLED; an order first read settled never is. Under the switches an order
// cancelled or a sample in either read is left out. D = settled − estimate per money column, N =
// the estimate's net sales; per group (all orders; one SKU's lines of each order):
// total = Σ D, mean = Σ D / observations, ofNetSales = Σ D / Σ N over observations with N > 0,
// p10/p90 = type-7 percentiles of D / N over the same observations.

import { cents, localDayOf, type RawLine, type RawOrder, type Switches, type Words } from './recount';

/**
 * The money figures whose drift is counted, in the order the product's answer lists them: the
 * spec's money fields of an order line (docs/reporting-service.md) with net sales after promos and total costs and
 * net profit after the four costs; the product answers them under snake_case keys.
 */
const SPEC_NAMES =
  'gmv grossSales promos netSales costOfGoods shipping platformFees affiliateCommission totalCosts netProfit' as const;
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
export type DriftColumn = Snake<Words<typeof SPEC_NAMES>>;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const DRIFT_COLUMNS = SPEC_NAMES.split(' ').map(snake) as DriftColumn[];
export type Money = Record<DriftColumn, number>;

const zeroMoney = (): Money => Object.fromEntries(DRIFT_COLUMNS.map((c) => [c, 0])) as Money;

/** A raw line's cents per money column (the service's cost of goods; costs are negative). */
export function lineMoney(l: RawLine): Money {
  const gross = cents(l.grossSales);
  const promos = cents(l.promos);
  const cogs = cents(l.costOfGoods);
  const shipping = cents(l.shipping);
  const fees = cents(l.platformFees);
  const affiliate = cents(l.affiliateCommission);
  const totalCosts = cogs + shipping + fees + affiliate;
  return {
    gmv: cents(l.gmv),
    gross_sales: gross,
    promos,
    net_sales: gross + promos,
    cost_of_goods: cogs,
    shipping,
    platform_fees: fees,
    affiliate_commission: affiliate,
    total_costs: totalCosts,
    net_profit: gross + promos + totalCosts,
  };
}

/** Type 7 (linear between closest ranks): sorted x, h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). */
export function percentile7(values: readonly number[], p: number): number | null {
  const n = values.length;
  if (n === 0) return null;
  const x = values.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const h = (n - 1) * p;
  const i = Math.floor(h);
  if (i + 1 >= n) return x[n - 1]!;
  return x[i]! + (h - i) * (x[i + 1]! - x[i]!);
}

/** One column's drift over a group: Σ D, Σ D / observations, Σ D / Σ N, and the type-7 p10 and p90 of D / N. */
export type OracleDriftFigure = Record<'total' | 'mean', number> & Record<'ofNetSales' | 'p10' | 'p90', number | null>;

/** A group's observations (all; those with N > 0), their N, each column's drift and the columns that moved. */
export type OracleDriftGroup = Record<'orders' | 'ordersWithSales' | 'netSales', number> & {
  columns: Record<DriftColumn, OracleDriftFigure>;
  changed: DriftColumn[];
};

/**
 * An observed order: its id and local day, its estimate's net sales, its net profit as estimated and
 * as settled with their difference (drift = settled − estimate), and each line's drift per column.
 */
export type OracleDriftOrder = Record<'orderId' | 'localDay', string> &
  Record<'netSales' | 'estimateNetProfit' | 'settledNetProfit' | 'drift', number> & {
    lines: { lineIndex: number; skuId: string; diff: Money }[];
  };

export interface OracleDrift {
  /** Every order observed in the range, by id. */
  orders: OracleDriftOrder[];
  overall: OracleDriftGroup;
  /** Per SKU id. */
  skus: Map<string, OracleDriftGroup>;
  /** The `top` orders whose net profit moved most (|drift| descending, then order id). */
  top: OracleDriftOrder[];
}

/** One observation: an order, or one SKU's lines of an order. */
interface Obs {
  netSales: number;
  diff: Money;
}

function group(items: readonly Obs[]): OracleDriftGroup {
  const withSales = items.filter((o) => o.netSales > 0);
  const salesOfThem = withSales.reduce((s, o) => s + o.netSales, 0);
  const columns = {} as Record<DriftColumn, OracleDriftFigure>;
  for (const c of DRIFT_COLUMNS) {
    let total = 0;
    for (const o of items) total += o.diff[c];
    let pooled = 0;
    for (const o of withSales) pooled += o.diff[c];
    const ratios = withSales.map((o) => o.diff[c] / o.netSales);
    columns[c] = {
      total,
      mean: items.length > 0 ? total / items.length : 0,
      ofNetSales: salesOfThem > 0 ? pooled / salesOfThem : null,
      p10: percentile7(ratios, 0.1),
      p90: percentile7(ratios, 0.9),
    };
  }
  return {
    orders: items.length,
    ordersWithSales: withSales.length,
    netSales: items.reduce((s, o) => s + o.netSales, 0),
    columns,
    changed: DRIFT_COLUMNS.filter((c) => items.some((o) => o.diff[c] !== 0)),
  };
}

const isOpen = (o: RawOrder) => o.orderType === 'UNSETTLED' || o.orderType === 'DRAFT';
const leftOut = (o: RawOrder, s: Switches) =>
  (!s.includeCancelled && o.status.toUpperCase() === 'CANCELLED') || (!s.includeSamples && o.sampleOrder === 'YES');

/** The ids of the orders the first read saw open and the second sees settled (no range, no switches). */
export function settledSinceFirstRead(first: readonly RawOrder[], second: readonly RawOrder[]): Set<string> {
  const open = new Set(first.filter(isOpen).map((o) => o.id));
  return new Set(second.filter((o) => o.orderType === 'SETTLED' && open.has(o.id)).map((o) => o.id));
}

/**
 * The observed drift of the orders created on [from, to] (shop-local days of `timeZone`), from the
 * first read (`first`: estimates of the orders open then) and the second (`second`: the settled ones).
 */
export function recountDrift(
  first: readonly RawOrder[],
  second: readonly RawOrder[],
  timeZone: string,
  range: { from: string; to: string },
  switches: Switches,
  top = 10,
): OracleDrift {
  const estimateOf = new Map(first.filter(isOpen).map((o) => [o.id, o]));
  const orders: OracleDriftOrder[] = [];
  const overall: Obs[] = [];
  const bySku = new Map<string, Obs[]>();
  for (const s of second) {
    if (s.orderType !== 'SETTLED') continue;
    const e = estimateOf.get(s.id);
    if (!e) continue;
    const day = localDayOf(e.createTime, timeZone);
    if (day < range.from || day > range.to) continue;
    if (leftOut(e, switches) || leftOut(s, switches)) continue;
    const count = Math.max(e.lines.length, s.lines.length);
    const lines: OracleDriftOrder['lines'] = [];
    const whole: Obs = { netSales: 0, diff: zeroMoney() };
    const perSku = new Map<string, Obs>();
    let estimateNetProfit = 0;
    let settledNetProfit = 0;
    for (let i = 0; i < count; i++) {
      const el = e.lines[i];
      const sl = s.lines[i];
      const em = el ? lineMoney(el) : zeroMoney();
      const sm = sl ? lineMoney(sl) : zeroMoney();
      const skuId = (sl ?? el)!.skuId;
      const diff = zeroMoney();
      for (const c of DRIFT_COLUMNS) diff[c] = sm[c] - em[c];
      lines.push({ lineIndex: i, skuId, diff });
      let mine = perSku.get(skuId);
      if (!mine) perSku.set(skuId, (mine = { netSales: 0, diff: zeroMoney() }));
      for (const target of [whole, mine]) {
        target.netSales += em.net_sales;
        for (const c of DRIFT_COLUMNS) target.diff[c] += diff[c];
      }
      estimateNetProfit += em.net_profit;
      settledNetProfit += sm.net_profit;
    }
    overall.push(whole);
    for (const [skuId, o] of perSku) {
      const list = bySku.get(skuId);
      if (list) list.push(o);
      else bySku.set(skuId, [o]);
    }
    orders.push({
      orderId: s.id,
      localDay: day,
      netSales: whole.netSales,
      estimateNetProfit,
      settledNetProfit,
      drift: settledNetProfit - estimateNetProfit,
      lines,
    });
  }
  const ranked = orders
    .slice()
    .sort(
      (a, b) => Math.abs(b.drift) - Math.abs(a.drift) || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0),
    );
  return {
    orders,
    overall: group(overall),
    skus: new Map([...bySku].map(([skuId, items]) => [skuId, group(items)])),
    top: ranked.slice(0, top),
  };
}
