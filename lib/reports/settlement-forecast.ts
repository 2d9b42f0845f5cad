import type { SettleOrderPair, StoredLine } from '@/lib/store/snapshots';
import { observations, PRIOR_WEIGHT, SETTLEMENT_COSTS, shrinkWeight, type SettlementCost } from './settlement-math';
import { expectedFor, type DriftMethod, type ExpectedDrift, type ExpectedDriftSet } from './settlement-expected';

// The forecast of open orders' settled figures, and its backtest over orders seen in both states.

export interface ForecastFigures {
  orders: number;
  lines: number;
  netSales: number;
  /** The estimate's net profit (as stored now). */
  estimateNetProfit: number;
  /** Expected settled − estimate per settlement cost (cents). */
  drift: Record<SettlementCost, number>;
  /** estimateNetProfit + net sales × the expected net profit drift ratio. */
  expectedNetProfit: number;
  /** The band: estimateNetProfit + net sales × the band's ratios (low ≤ expected ≤ high). */
  low: number;
  high: number;
}

export interface ForecastRow extends ForecastFigures {
  skuId: string;
  method: DriftMethod;
}

export interface Forecast {
  rows: ForecastRow[];
  /** The rows added up (orders counted once). */
  total: ForecastFigures;
}

const noDrift = (): Record<SettlementCost, number> => ({ shipping: 0, platform_fees: 0, affiliate_commission: 0 });

/**
 * Expected settled net profit of open (unsettled or draft) lines, per SKU: estimate + net sales ×
 * expected drift ratio per cost type (lib/reports/settlement-expected expectedDrift). Money is rounded to
 * cents once per SKU; the total adds the rows. The band: the drift's p10–p90 is a spread of single
 * orders; over m open orders it narrows as their drifts partly cancel, while the centre itself is
 * only as sure as the n orders it was learned from: the per-order distances to the bounds are
 * scaled by √(1/m + 1/n) (at most 1). SKUs' bands add up in quadrature (`bandOfSum`).
 */
export function forecastOpen(openLines: readonly StoredLine[], expected: ExpectedDriftSet): Forecast {
  const bySku = new Map<string, StoredLine[]>();
  for (const l of openLines) {
    if (!l.estimated) continue;
    const list = bySku.get(l.skuId);
    if (list) list.push(l);
    else bySku.set(l.skuId, [l]);
  }
  const rows = [...bySku]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([skuId, lines]): ForecastRow => {
      const e = expectedFor(expected, skuId);
      const netSales = lines.reduce((s, l) => s + l.net_sales, 0);
      const estimateNetProfit = lines.reduce((s, l) => s + l.net_profit, 0);
      const at = (ratio: number) => estimateNetProfit + Math.round(netSales * ratio);
      const orders = new Set(lines.map((l) => l.orderId)).size;
      const expectedNetProfit = at(e.ratios.net_profit);
      const scale = Math.min(1, Math.sqrt(1 / orders + 1 / Math.max(1, learnedFrom(expected, e))));
      const bounds = [at(e.band.low), at(e.band.high)].map(
        (b) => expectedNetProfit + Math.round((b - expectedNetProfit) * scale),
      );
      return {
        skuId,
        method: e.method,
        orders,
        lines: lines.length,
        netSales,
        estimateNetProfit,
        drift: Object.fromEntries(SETTLEMENT_COSTS.map((c) => [c, Math.round(netSales * e.ratios[c])])) as Record<
          SettlementCost,
          number
        >,
        expectedNetProfit,
        low: Math.min(...bounds),
        high: Math.max(...bounds),
      };
    });
  const total: ForecastFigures = {
    orders: new Set([...bySku.values()].flatMap((lines) => lines.map((l) => l.orderId))).size,
    lines: 0,
    netSales: 0,
    estimateNetProfit: 0,
    drift: noDrift(),
    expectedNetProfit: 0,
    low: 0,
    high: 0,
  };
  for (const r of rows) {
    total.lines += r.lines;
    total.netSales += r.netSales;
    total.estimateNetProfit += r.estimateNetProfit;
    for (const c of SETTLEMENT_COSTS) total.drift[c] += r.drift[c];
    total.expectedNetProfit += r.expectedNetProfit;
  }
  const band = bandOfSum(rows);
  total.low = total.expectedNetProfit - band.below;
  total.high = total.expectedNetProfit + band.above;
  return { rows, total };
}

/** How many orders a SKU's band was learned from: its own observed, the shop's, or the settled orders of the spread. */
function learnedFrom(set: ExpectedDriftSet, e: ExpectedDrift): number {
  switch (e.bandSource) {
    case 'observed':
      return e.skuId === null || e.method === 'shop' ? set.shop.observedOrders : e.observedOrders;
    case 'shop-observed':
      return set.shop.observedOrders;
    case 'settled-spread':
      return set.shop.settledOrders;
    case 'none':
      return 1;
  }
}

/**
 * The band of a sum of forecasts whose drifts are independent: the distances from each expected
 * figure to its bounds add up in quadrature (cents, rounded once).
 */
export function bandOfSum(parts: readonly { expectedNetProfit: number; low: number; high: number }[]): {
  below: number;
  above: number;
} {
  let below = 0;
  let above = 0;
  for (const p of parts) {
    below += (p.expectedNetProfit - p.low) ** 2;
    above += (p.high - p.expectedNetProfit) ** 2;
  }
  return { below: Math.round(Math.sqrt(below)), above: Math.round(Math.sqrt(above)) };
}

export interface BacktestFigures {
  orders: number;
  netSales: number;
  /** Mean |settled − estimate| net profit (cents). */
  estimateError: number;
  /** Mean |settled − forecast| net profit (cents). */
  forecastError: number;
  /** Σ |settled − estimate| / Σ net sales (null without positive net sales). */
  estimateErrorShare: number | null;
  forecastErrorShare: number | null;
}

export interface Backtest {
  overall: BacktestFigures;
  skus: (BacktestFigures & { skuId: string })[];
}

function figures(errors: readonly { netSales: number; estimate: number; forecast: number }[]): BacktestFigures {
  const n = errors.length;
  const netSales = errors.reduce((s, e) => s + e.netSales, 0);
  const est = errors.reduce((s, e) => s + e.estimate, 0);
  const fc = errors.reduce((s, e) => s + e.forecast, 0);
  return {
    orders: n,
    netSales,
    estimateError: n === 0 ? 0 : est / n,
    forecastError: n === 0 ? 0 : fc / n,
    estimateErrorShare: netSales > 0 ? est / netSales : null,
    forecastErrorShare: netSales > 0 ? fc / netSales : null,
  };
}

/**
 * How much better than the raw estimate the forecast would have been, over orders seen in both
 * states. Each order is forecast from the other orders only (leave-one-out): each of its SKUs'
 * lines by estimate + N × r, r = w·rₛₖᵤ + (1 − w)·rₛₕₒₚ, where rₛₖᵤ is the pooled observed net
 * profit drift ratio of that SKU's lines in the other orders (n of them with positive net sales,
 * w = n / (n + k0)) and rₛₕₒₚ that of the other orders (0 without any). This is the 'observed'
 * method of expectedDrift replayed; the 'ratio' method cannot be, as the stored lines of the time
 * each order was open are gone. Per SKU: its lines of each order; overall: whole orders.
 */
export function backtestDrift(pairs: readonly SettleOrderPair[], options: { priorWeight?: number } = {}): Backtest {
  const k0 = options.priorWeight ?? PRIOR_WEIGHT;
  const { orders, bySku } = observations(pairs);
  const pooled = (items: readonly { netSales: number; diff: { net_profit: number } }[]) => {
    let d = 0;
    let n = 0;
    let count = 0;
    for (const o of items)
      if (o.netSales > 0) {
        d += o.diff.net_profit;
        n += o.netSales;
        count++;
      }
    return { d, n, count };
  };
  const shop = pooled(orders);
  const skuTotals = new Map([...bySku].map(([skuId, items]) => [skuId, pooled(items)]));
  const forecastOf = new Map<string, number>();
  const skuErrors = new Map<string, { netSales: number; estimate: number; forecast: number }[]>();
  const orderById = new Map(orders.map((o) => [o.orderId, o]));
  for (const [skuId, items] of [...bySku].sort(([a], [b]) => a.localeCompare(b))) {
    const all = skuTotals.get(skuId)!;
    const errors: { netSales: number; estimate: number; forecast: number }[] = [];
    for (const g of items) {
      const self = g.netSales > 0;
      const whole = orderById.get(g.orderId)!;
      const wholeIn = whole.netSales > 0;
      const shopN = shop.n - (wholeIn ? whole.netSales : 0);
      const rShop = shopN > 0 ? (shop.d - (wholeIn ? whole.diff.net_profit : 0)) / shopN : 0;
      const skuN = all.n - (self ? g.netSales : 0);
      const count = all.count - (self ? 1 : 0);
      const rSku = skuN > 0 ? (all.d - (self ? g.diff.net_profit : 0)) / skuN : 0;
      const w = skuN > 0 ? shrinkWeight(count, k0) : 0;
      const forecast = g.estimateNetProfit + g.netSales * (w * rSku + (1 - w) * rShop);
      forecastOf.set(g.orderId, (forecastOf.get(g.orderId) ?? 0) + forecast);
      errors.push({
        netSales: g.netSales,
        estimate: Math.abs(g.settledNetProfit - g.estimateNetProfit),
        forecast: Math.abs(g.settledNetProfit - forecast),
      });
    }
    skuErrors.set(skuId, errors);
  }
  return {
    overall: figures(
      orders.map((o) => ({
        netSales: o.netSales,
        estimate: Math.abs(o.settledNetProfit - o.estimateNetProfit),
        forecast: Math.abs(o.settledNetProfit - (forecastOf.get(o.orderId) ?? o.estimateNetProfit)),
      })),
    ),
    skus: [...skuErrors].map(([skuId, errors]) => ({ skuId, ...figures(errors) })),
  };
}
