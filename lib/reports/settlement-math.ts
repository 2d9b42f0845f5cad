import { MONEY_COLUMNS, type MoneyColumn, type MoneyColumns } from '@/lib/store/schema';
import type { SettleOrderPair } from '@/lib/store/snapshots';

// The building blocks of the settlement drift figures (lib/reports/settlement): per-order
// observations from the snapshots, quantiles, shrinkage. Money is integer cents; ratios are
// fractions of net sales (×100 for a percentage).

/** The costs settlement changes (shipping, platform fees, affiliate commission): the expected drift's columns. */
export const SETTLEMENT_COSTS = ['shipping', 'platform_fees', 'affiliate_commission'] as const;
export type SettlementCost = (typeof SETTLEMENT_COSTS)[number];
export const EXPECTED_COLUMNS = [...SETTLEMENT_COSTS, 'net_profit'] as const;
export type ExpectedColumn = (typeof EXPECTED_COLUMNS)[number];

/** K: a SKU with at least this many orders seen in both states has its drift observed. */
export const MIN_OBSERVED = 20;
/**
 * k0: the prior weight of the shrinkage. A SKU's own figure from n orders weighs n / (n + k0) against
 * the shop's (empirical Bayes with the shop as the prior, worth k0 orders): 10 orders weigh ½,
 * 30 orders ¾. Ten is about where a SKU's fee ratio becomes steadier than the mix of SKUs.
 */
export const PRIOR_WEIGHT = 10;
/**
 * k0 of the ratio method (before the shop has K orders seen in both states): a difference of two
 * groups' cost ratios carries the noise of which orders fall in each (affiliate commission on some
 * orders only), so it is shrunk harder. Measured by npm run bench:settlement on the demo shops (day
 * one's expected drift against the drift then observed per SKU, net-sales weighted mean absolute
 * difference): US 0.96% / 0.78% / 0.74% and UK 1.09% / 0.73% / 0.77% for k0 10 / 50 / 200.
 */
export const RATIO_PRIOR_WEIGHT = 50;

export const shrinkWeight = (n: number, k0: number): number => (n <= 0 ? 0 : n / (n + k0));

/**
 * The p-quantile of `values`, linear between closest ranks (type 7, as Excel's PERCENTILE.INC and
 * numpy's default): sorted x₀…xₙ₋₁, h = (n − 1)·p, x⌊h⌋ + (h − ⌊h⌋)·(x⌊h⌋₊₁ − x⌊h⌋). Null when empty.
 */
export function quantile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, x.length - 1);
  return x[lo]! + (h - lo) * (x[hi]! - x[lo]!);
}

/** One order, or one SKU's lines of one order, seen in both states. */
export interface DriftObservation {
  orderId: string;
  /** Null for a whole order. */
  skuId: string | null;
  /** The estimate's net sales (settlement does not change them; the forecast only knows these). */
  netSales: number;
  estimateNetProfit: number;
  settledNetProfit: number;
  /** Settled − estimate, per money column. */
  diff: MoneyColumns;
}

export const zeroMoney = (): MoneyColumns => Object.fromEntries(MONEY_COLUMNS.map((c) => [c, 0])) as MoneyColumns;

function observe(orderId: string, skuId: string | null, lines: SettleOrderPair['lines']): DriftObservation {
  const diff = zeroMoney();
  let netSales = 0;
  let estimateNetProfit = 0;
  let settledNetProfit = 0;
  for (const l of lines) {
    for (const c of MONEY_COLUMNS) diff[c] += l.settled[c] - l.estimate[c];
    netSales += l.estimate.net_sales;
    estimateNetProfit += l.estimate.net_profit;
    settledNetProfit += l.settled.net_profit;
  }
  return { orderId, skuId, netSales, estimateNetProfit, settledNetProfit, diff };
}

/** Each pair as one order observation, and as one observation per SKU of its lines. */
export function observations(pairs: readonly SettleOrderPair[]): {
  orders: DriftObservation[];
  bySku: Map<string, DriftObservation[]>;
} {
  const orders: DriftObservation[] = [];
  const bySku = new Map<string, DriftObservation[]>();
  for (const pair of pairs) {
    orders.push(observe(pair.orderId, null, pair.lines));
    for (const skuId of [...new Set(pair.lines.map((l) => l.skuId))]) {
      const o = observe(
        pair.orderId,
        skuId,
        pair.lines.filter((l) => l.skuId === skuId),
      );
      const list = bySku.get(skuId);
      if (list) list.push(o);
      else bySku.set(skuId, [o]);
    }
  }
  return { orders, bySku };
}

/** Σ column / Σ net sales over the items with positive net sales (null without any). */
export function pooledRatio<T extends { netSales: number }>(
  items: readonly T[],
  value: (item: T) => number,
): number | null {
  let num = 0;
  let den = 0;
  for (const i of items) {
    if (i.netSales <= 0) continue;
    num += value(i);
    den += i.netSales;
  }
  return den > 0 ? num / den : null;
}

/** Each item's own ratio, for items with positive net sales. */
export const ratiosOf = <T extends { netSales: number }>(items: readonly T[], value: (item: T) => number): number[] =>
  items.filter((i) => i.netSales > 0).map((i) => value(i) / i.netSales);

/**
 * A spread around a centre: the p10 and p90 of the items' own ratios less their pooled ratio
 * (clamped so the band always holds the centre). Zero offsets without items.
 */
export function spreadOffsets<T extends { netSales: number }>(
  items: readonly T[],
  value: (item: T) => number,
): { low: number; high: number } {
  const ratios = ratiosOf(items, value);
  const centre = pooledRatio(items, value);
  if (ratios.length === 0 || centre === null) return { low: 0, high: 0 };
  return {
    low: Math.min(0, quantile(ratios, 0.1)! - centre),
    high: Math.max(0, quantile(ratios, 0.9)! - centre),
  };
}

export const diffOf =
  (column: MoneyColumn) =>
  (o: DriftObservation): number =>
    o.diff[column];
