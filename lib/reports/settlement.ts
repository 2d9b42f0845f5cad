import { MONEY_COLUMNS, type MoneyColumn, type MoneyColumns } from '@/lib/store/schema';
import type { SettleOrderPair } from '@/lib/store/snapshots';
import { diffOf, observations, pooledRatio, quantile, ratiosOf, type DriftObservation } from './settlement-math';

// Settlement drift: how an order's figures move from its estimate (first seen unsettled or draft)
// to its settlement. Pure functions over the snapshots and stored lines lib/store/snapshots reads.
//
// Observed drift, per money column, over a set of observations (orders, or one SKU's lines of
// each order), each D = settled − estimate in cents and N = the estimate's net sales:
// - total = Σ D; mean = Σ D / observations (cents per order);
// - ofNetSales = Σ D / Σ N over the observations with N > 0 (the net-sales-weighted mean of the
//   per-order ratios D / N: what applied to net sales reproduces the total drift);
// - p10, p90 = the 10th and 90th percentiles (lib/reports/settlement-math quantile, type 7) of the
//   per-order ratios D / N of the observations with N > 0: 8 orders in 10 drift between them.
// A SKU's observations are its lines of each order (an order with two SKUs counts in both).

export interface DriftFigure {
  total: number;
  mean: number;
  ofNetSales: number | null;
  p10: number | null;
  p90: number | null;
}

export interface DriftGroup {
  /** Orders seen in both states (for a SKU: orders with its lines). */
  orders: number;
  /** Of them, with positive net sales (the ratios and percentiles speak of these). */
  ordersWithSales: number;
  netSales: number;
  columns: Record<MoneyColumn, DriftFigure>;
  /** The columns some observation's settlement changed. */
  changed: MoneyColumn[];
}

/** An order whose settled net profit moved the most, with the difference of each line and column. */
export interface OrderDriftExplanation {
  orderId: string;
  localDay: string;
  netSales: number;
  estimateNetProfit: number;
  settledNetProfit: number;
  /** settled − estimate net profit. */
  drift: number;
  lines: { lineIndex: number; skuId: string; diff: MoneyColumns }[];
}

export interface ObservedDrift {
  overall: DriftGroup;
  skus: (DriftGroup & { skuId: string })[];
  top: OrderDriftExplanation[];
}

function driftGroup(items: readonly DriftObservation[]): DriftGroup {
  const columns = {} as Record<MoneyColumn, DriftFigure>;
  for (const c of MONEY_COLUMNS) {
    const total = items.reduce((s, o) => s + o.diff[c], 0);
    const ratios = ratiosOf(items, diffOf(c));
    columns[c] = {
      total,
      mean: items.length === 0 ? 0 : total / items.length,
      ofNetSales: pooledRatio(items, diffOf(c)),
      p10: quantile(ratios, 0.1),
      p90: quantile(ratios, 0.9),
    };
  }
  return {
    orders: items.length,
    ordersWithSales: items.filter((o) => o.netSales > 0).length,
    netSales: items.reduce((s, o) => s + o.netSales, 0),
    columns,
    changed: MONEY_COLUMNS.filter((c) => items.some((o) => o.diff[c] !== 0)),
  };
}

/** The observed drift of orders seen in both states, per SKU and overall, and the `top` orders that moved most. */
export function observedDrift(pairs: readonly SettleOrderPair[], options: { top?: number } = {}): ObservedDrift {
  const { orders, bySku } = observations(pairs);
  const byId = new Map(pairs.map((p) => [p.orderId, p]));
  const top = [...orders]
    .sort((a, b) => Math.abs(b.diff.net_profit) - Math.abs(a.diff.net_profit) || (a.orderId < b.orderId ? -1 : 1))
    .slice(0, options.top ?? 10)
    .map((o): OrderDriftExplanation => {
      const pair = byId.get(o.orderId)!;
      return {
        orderId: o.orderId,
        localDay: pair.localDay,
        netSales: o.netSales,
        estimateNetProfit: o.estimateNetProfit,
        settledNetProfit: o.settledNetProfit,
        drift: o.diff.net_profit,
        lines: pair.lines.map((l) => ({
          lineIndex: l.lineIndex,
          skuId: l.skuId,
          diff: Object.fromEntries(MONEY_COLUMNS.map((c) => [c, l.settled[c] - l.estimate[c]])) as MoneyColumns,
        })),
      };
    });
  return {
    overall: driftGroup(orders),
    skus: [...bySku].sort(([a], [b]) => a.localeCompare(b)).map(([skuId, items]) => ({ skuId, ...driftGroup(items) })),
    top,
  };
}
