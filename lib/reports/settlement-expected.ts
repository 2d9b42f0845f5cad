import type { SettleOrderPair, StoredLine } from '@/lib/store/snapshots';
import {
  diffOf,
  EXPECTED_COLUMNS,
  MIN_OBSERVED,
  observations,
  pooledRatio,
  PRIOR_WEIGHT,
  RATIO_PRIOR_WEIGHT,
  SETTLEMENT_COSTS,
  shrinkWeight,
  spreadOffsets,
  type DriftObservation,
  type ExpectedColumn,
} from './settlement-math';

// Expected drift: the drift ratio (of net sales) to expect per cost type when an open order settles.
// - 'observed': the SKU has ≥ K orders seen in both states, or some while the shop has ≥ K (or no
//   stored lines of both kinds): its pooled observed ratio shrunk towards the shop's with weight
//   n / (n + k0).
// - 'ratio' (before the shop has K orders seen in both states: "from day one"): the SKU has fewer
//   than K, but stored lines of both kinds in the lookback window: per settlement
//   cost c, d = Σc / ΣN of its settled orders − the same of its unsettled ones, shrunk towards the
//   shop's d with weight n / (n + k0'), k0' = 50 (RATIO_PRIOR_WEIGHT), n = 2·nₛ·nᵤ / (nₛ + nᵤ) (the harmonic mean of the two
//   counts: a difference is only as steady as its smaller side). Only the costs settlement changes
//   count: cost of goods and sales are fixed when the order is placed, so a difference of their
//   ratios is a difference of orders, not of settlement. Net profit's ratio is the three's sum.
// - 'shop': the SKU has no data of its own (or only the ratio kind, once the shop has ≥ K observed);
//   the shop's figure (observed when the shop has ≥ K orders seen in both states, else its ratio
//   difference). Measured on the demo (npm run bench:settlement): per-SKU ratio differences carry
//   the noise of which orders fall in each group (affiliate commission on some orders only), a
//   forecast several times the observed drift; once observed pairs exist they win.
// The band (of net profit's ratio) is centre + [p10 − m, p90 − m] of a spread, m its pooled ratio:
// the SKU's own observed drift ratios ('observed'); else the shop's ('shop-observed', when it has
// ≥ K); else, from day one, the spread of the shop's settled orders' settlement-cost ratio
// ('settled-spread': how much one order's final fees differ from the mean, wider than the drift
// of an estimate that already knows the order); 'none' without any.

export type DriftMethod = 'observed' | 'ratio' | 'shop';
export type BandSource = 'observed' | 'shop-observed' | 'settled-spread' | 'none';

export interface ExpectedDrift {
  skuId: string | null;
  method: DriftMethod;
  /** Expected settled − estimate, as a fraction of net sales. */
  ratios: Record<ExpectedColumn, number>;
  /** Net profit's drift ratio band (fractions of net sales). */
  band: { low: number; high: number };
  bandSource: BandSource;
  /** The weight of the SKU's own figure against the shop's (1 for the shop, 0 for 'shop'). */
  weight: number;
  observedOrders: number;
  settledOrders: number;
  unsettledOrders: number;
}

export interface ExpectedDriftSet {
  shop: ExpectedDrift;
  skus: ExpectedDrift[];
}

export interface ExpectedDriftOptions {
  /** K (default MIN_OBSERVED, 20). */
  minObserved?: number;
  /** k0 (default PRIOR_WEIGHT, 10). */
  priorWeight?: number;
  /** k0 of the ratio method (default RATIO_PRIOR_WEIGHT, 50). */
  ratioPriorWeight?: number;
}

interface StoredGroup {
  netSales: number;
  costs: Record<(typeof SETTLEMENT_COSTS)[number], number>;
}

const settlementCost = (g: StoredGroup) => SETTLEMENT_COSTS.reduce((s, c) => s + g.costs[c], 0);

/** Stored lines grouped per order (per order and SKU with `bySku`), settled and open apart. */
function storedGroups(lines: readonly StoredLine[], bySku: boolean) {
  const groups = new Map<string, StoredGroup & { skuId: string; estimated: boolean }>();
  for (const l of lines) {
    const key = `${l.estimated ? 1 : 0}\u0000${bySku ? l.skuId : ''}\u0000${l.orderId}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        skuId: l.skuId,
        estimated: l.estimated,
        netSales: 0,
        costs: { shipping: 0, platform_fees: 0, affiliate_commission: 0 },
      };
      groups.set(key, g);
    }
    g.netSales += l.net_sales;
    for (const c of SETTLEMENT_COSTS) g.costs[c] += l[c];
  }
  return [...groups.values()];
}

/** d per settlement cost (settled ratio − unsettled ratio), or null without positive net sales on both sides. */
function ratioDifference(groups: readonly (StoredGroup & { estimated: boolean })[]) {
  const settled = groups.filter((g) => !g.estimated);
  const open = groups.filter((g) => g.estimated);
  const ns = settled.filter((g) => g.netSales > 0).length;
  const nu = open.filter((g) => g.netSales > 0).length;
  if (ns === 0 || nu === 0) return { d: null, ns, nu };
  const d = Object.fromEntries(
    SETTLEMENT_COSTS.map((c) => [c, pooledRatio(settled, (g) => g.costs[c])! - pooledRatio(open, (g) => g.costs[c])!]),
  ) as Record<(typeof SETTLEMENT_COSTS)[number], number>;
  return { d, ns, nu };
}

const withNetProfit = (costs: Record<(typeof SETTLEMENT_COSTS)[number], number>): Record<ExpectedColumn, number> => ({
  ...costs,
  net_profit: SETTLEMENT_COSTS.reduce((s, c) => s + costs[c], 0),
});

const observedRatios = (items: readonly DriftObservation[]): Record<ExpectedColumn, number> =>
  Object.fromEntries(EXPECTED_COLUMNS.map((c) => [c, pooledRatio(items, diffOf(c)) ?? 0])) as Record<
    ExpectedColumn,
    number
  >;

const blend = (
  own: Record<ExpectedColumn, number>,
  prior: Record<ExpectedColumn, number>,
  w: number,
): Record<ExpectedColumn, number> =>
  Object.fromEntries(EXPECTED_COLUMNS.map((c) => [c, w * own[c] + (1 - w) * prior[c]])) as Record<
    ExpectedColumn,
    number
  >;

const banded = (ratios: Record<ExpectedColumn, number>, offsets: { low: number; high: number }) => ({
  low: ratios.net_profit + offsets.low,
  high: ratios.net_profit + offsets.high,
});

/** The expected drift of the shop and of each SKU seen in `pairs` or `lookback` (the stored lines of a recent window). */
export function expectedDrift(
  pairs: readonly SettleOrderPair[],
  lookback: readonly StoredLine[],
  options: ExpectedDriftOptions = {},
): ExpectedDriftSet {
  const k = options.minObserved ?? MIN_OBSERVED;
  const k0 = options.priorWeight ?? PRIOR_WEIGHT;
  const k0Ratio = options.ratioPriorWeight ?? RATIO_PRIOR_WEIGHT;
  const { orders, bySku } = observations(pairs);
  const shopObserved = orders.filter((o) => o.netSales > 0).length;
  const shopOrders = storedGroups(lookback, false);
  const shopDiff = ratioDifference(shopOrders);
  const shopRatio = withNetProfit(shopDiff.d ?? { shipping: 0, platform_fees: 0, affiliate_commission: 0 });
  const shopObservedRatios = observedRatios(orders);
  const settledSpread = shopOrders.some((g) => !g.estimated && g.netSales > 0);
  const fallbackBand: { source: BandSource; offsets: { low: number; high: number } } =
    shopObserved >= k
      ? { source: 'shop-observed', offsets: spreadOffsets(orders, diffOf('net_profit')) }
      : settledSpread
        ? {
            source: 'settled-spread',
            offsets: spreadOffsets(
              shopOrders.filter((g) => !g.estimated),
              settlementCost,
            ),
          }
        : { source: 'none', offsets: { low: 0, high: 0 } };
  const base = { observedOrders: shopObserved, settledOrders: shopDiff.ns, unsettledOrders: shopDiff.nu };
  const shop: ExpectedDrift =
    shopObserved >= k
      ? {
          skuId: null,
          method: 'observed',
          ratios: shopObservedRatios,
          band: banded(shopObservedRatios, fallbackBand.offsets),
          bandSource: 'observed',
          weight: 1,
          ...base,
        }
      : {
          skuId: null,
          method: 'ratio',
          ratios: shopRatio,
          band: banded(shopRatio, fallbackBand.offsets),
          bandSource: fallbackBand.source,
          weight: 1,
          ...base,
        };
  const storedBySku = new Map<string, ReturnType<typeof storedGroups>>();
  for (const g of storedGroups(lookback, true)) {
    const list = storedBySku.get(g.skuId);
    if (list) list.push(g);
    else storedBySku.set(g.skuId, [g]);
  }
  const skuIds = [...new Set([...bySku.keys(), ...storedBySku.keys()])].sort((a, b) => a.localeCompare(b));
  const skus = skuIds.map((skuId): ExpectedDrift => {
    const observed = bySku.get(skuId) ?? [];
    const n = observed.filter((o) => o.netSales > 0).length;
    const own = ratioDifference(storedBySku.get(skuId) ?? []);
    const counts = { observedOrders: n, settledOrders: own.ns, unsettledOrders: own.nu };
    // Once the shop has enough orders seen in both states, what was observed is the evidence: a SKU's
    // own few pairs shrunk towards the shop's, or the shop's alone. The ratio method (settled vs open
    // orders' cost ratios, confounded by which orders happen to be in each group) is for before then.
    if (n >= k || (n > 0 && (own.d === null || shopObserved >= k))) {
      const w = shrinkWeight(n, k0);
      const ratios = blend(observedRatios(observed), shopObservedRatios, w);
      const offsets = n >= k ? spreadOffsets(observed, diffOf('net_profit')) : fallbackBand.offsets;
      const bandSource = n >= k ? 'observed' : fallbackBand.source;
      return { skuId, method: 'observed', ratios, band: banded(ratios, offsets), bandSource, weight: w, ...counts };
    }
    if (own.d !== null && shopObserved < k) {
      const w = shrinkWeight((2 * own.ns * own.nu) / (own.ns + own.nu), k0Ratio);
      const ratios = blend(withNetProfit(own.d), shopRatio, w);
      return {
        skuId,
        method: 'ratio',
        ratios,
        band: banded(ratios, fallbackBand.offsets),
        bandSource: fallbackBand.source,
        weight: w,
        ...counts,
      };
    }
    return { ...shop, skuId, method: 'shop', weight: 0, ...counts };
  });
  return { shop, skus };
}

/** The expected drift of a SKU: its own figure, or the shop's (method 'shop') for a SKU not in the set. */
export function expectedFor(set: ExpectedDriftSet, skuId: string): ExpectedDrift {
  return (
    set.skus.find((s) => s.skuId === skuId) ?? {
      ...set.shop,
      skuId,
      method: 'shop',
      weight: 0,
      observedOrders: 0,
      settledOrders: 0,
      unsettledOrders: 0,
    }
  );
}
