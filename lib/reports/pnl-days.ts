import type { CostsView } from '@/lib/costs/types';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import type { ProfitSwitches } from '@/lib/profit';
import type { DayRange } from '@/lib/time';
import { partSums, refundParts, type PartSums, type RefundParts } from '@/lib/store/part-sums';
import { skuInfo } from '@/lib/store/reads';
import type { CostPlacement } from './cost-lines';
import { placementOf } from './period-figures';
import { periodSums, type PeriodDeps, type PeriodSums, type ShopZone } from './period';
import { cogsRuleOf } from './sku-report';
import { noFigures, partsOfDays, periodLines, type PnlFigures, type PnlLineValue } from './pnl-lines';
import { classOf } from './sums';

// The statement of each day of a period, for converting each day at the rate in effect on it
// (All shops, lib/costs/fx.ts): the same day rows, re-costing and cost placement as the SKU report
// and the overview's daily series, so a month's days add up to its statement exactly (a test holds
// them to it).

export interface PnlDay {
  lines: PnlLineValue[];
  netSales: number;
  estimatedNetSales: number;
  orderLines: number;
}

export interface PnlDaysInput {
  /** Day rows (re-costed), refunds: lib/reports/period's `periodSums` with days. */
  sums: Pick<PeriodSums, 'days' | 'refunds'>;
  switches: ProfitSwitches;
  /** The seller's costs placed over the period, never allocated (null: the service's figures only). */
  placement: CostPlacement | null;
  parts: readonly PartSums[];
  refundParts: ReadonlyMap<string, RefundParts>;
  costs: CostsView;
}

function emptyFigures(): PnlFigures & { estimatedNetSales: number; orderLines: number } {
  return { ...noFigures(), estimatedNetSales: 0, orderLines: 0 };
}

export function pnlDays(input: PnlDaysInput): Map<string, PnlDay> {
  const byDay = new Map<string, ReturnType<typeof emptyFigures>>();
  const slot = (day: string) => {
    let f = byDay.get(day);
    if (!f) byDay.set(day, (f = emptyFigures()));
    return f;
  };
  for (const row of input.sums.days) {
    const cls = classOf(row, input.switches);
    if (cls === 'sample') {
      const f = slot(row.local_day);
      f.samples += row.net_profit;
      f.sampleCostOfGoods += row.cost_of_goods;
    }
    if (cls !== 'counted') continue;
    const f = slot(row.local_day);
    f.grossSales += row.gross_sales;
    f.promos += row.promos;
    f.netSales += row.net_sales;
    f.costOfGoods += row.cost_of_goods;
    f.shipping += row.shipping;
    f.platformFees += row.platform_fees;
    f.affiliateCommission += row.affiliate_commission;
    f.orderLines += row.lines;
    if (row.estimated) f.estimatedNetSales += row.net_sales;
  }
  for (const d of input.sums.refunds) slot(d.local_day).refunds += d.value;
  // The seller's costs by the bridge's keys: what is in the SKUs' net profit (ad spend on SKUs and
  // products, never allocated here) and the period lines.
  const placed = [
    ['skuAdSpend', input.placement?.inSkusByDay],
    ['shopAdSpend', input.placement?.shopAdSpendByDay],
    ['expenses', input.placement?.expensesByDay],
  ] as const;
  for (const [key, byDayCosts] of placed)
    for (const [day, cents] of byDayCosts ?? []) {
      const f = slot(day);
      f.yours[key] = (f.yours[key] ?? 0) + cents;
    }
  // The kinds charged per unit or order line are in the SKUs' net profit too (inSkusByDay): each is
  // its own line, so the SKU ad spend line is what is left.
  for (const [id, days] of Object.entries(input.placement?.chargedByDay ?? {}))
    for (const [day, cents] of days) {
      const f = slot(day);
      f.yours[`charged:${id}`] = (f.yours[`charged:${id}`] ?? 0) + cents;
      f.yours.skuAdSpend = (f.yours.skuAdSpend ?? 0) - cents;
    }
  const partsByDay = new Map<string, PartSums[]>();
  for (const row of input.parts) {
    slot(row.local_day);
    partsByDay.set(row.local_day, [...(partsByDay.get(row.local_day) ?? []), row]);
  }
  for (const day of input.refundParts.keys()) slot(day);
  const out = new Map<string, PnlDay>();
  for (const [day, f] of byDay) {
    const yours = Object.values(f.yours).reduce<number>((sum, c) => sum + (c ?? 0), 0);
    f.bottomLine =
      f.netSales + f.costOfGoods + f.shipping + f.platformFees + f.affiliateCommission + f.samples + f.refunds + yours;
    const refund = input.refundParts.get(day);
    const parts = partsOfDays(
      partsByDay.get(day) ?? [],
      new Map(refund ? [[day, refund]] : []),
      input.switches,
      () => true,
    );
    out.set(day, {
      lines: periodLines(f, input.costs, parts),
      netSales: f.netSales,
      estimatedNetSales: f.estimatedNetSales,
      orderLines: f.orderLines,
    });
  }
  return out;
}

/** The statement of each day of the range, from the store (what All shops converts day by day). */
export async function readPnlDays(
  deps: PeriodDeps,
  shop: ShopZone,
  range: DayRange,
  options: { switches: ProfitSwitches; costs: ShopCostInputs | null; countedDays?: ReadonlySet<string> | null },
): Promise<Map<string, PnlDay>> {
  const db = deps.store.db;
  const [info, parts, refunds] = await Promise.all([
    skuInfo(db, shop.id),
    partSums(db, shop.id, range.from, range.to),
    refundParts(db, shop.id, range.from, range.to),
  ]);
  const { switches, costs } = options;
  const sums = await periodSums(deps, shop, range, { cogs: cogsRuleOf(costs, info) });
  const context = costs ? { inputs: costs, info, allocate: false } : null;
  const placement = placementOf(sums, range, switches, context, options.countedDays ?? null);
  return pnlDays({ sums, switches, placement, parts, refundParts: refunds, costs: costs ? 'mine' : 'service' });
}
