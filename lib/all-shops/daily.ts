import type { RatePeriod } from '@/lib/costs/fx';
import type { CostDay } from '@/lib/costs/types';
import type { ProfitSwitches } from '@/lib/profit';
import type { CostPlacement } from '@/lib/reports/cost-lines';
import type { PeriodSums } from '@/lib/reports/period';
import { classOf } from '@/lib/reports/sums';
import { addFigures, convertFigures, emptyFigures, sumOfParts, type AllShopsFigures } from './all-shops';

// A shop's period figures day by day, so each day can be converted at the rate in effect on it
// (lib/costs/fx.ts). The days add up to the shop's SKU report figures exactly (the same rollup
// rows and the same cost placement, split by day): a test holds them to it.

function slot(byDay: Map<CostDay, AllShopsFigures>, day: CostDay): AllShopsFigures {
  let f = byDay.get(day);
  if (!f) byDay.set(day, (f = emptyFigures()));
  return f;
}

/** The bridge of each day with figures: net profit (SKUs) + samples + refunds + shop ad spend + expenses. */
export function dailyFigures(
  sums: Pick<PeriodSums, 'days' | 'refunds'>,
  switches: ProfitSwitches,
  placement: CostPlacement | null,
): Map<CostDay, AllShopsFigures> {
  const byDay = new Map<CostDay, AllShopsFigures>();
  for (const row of sums.days) {
    const cls = classOf(row, switches);
    if (cls === 'sample') slot(byDay, row.local_day).sampleCost += row.net_profit;
    if (cls !== 'counted') continue;
    const f = slot(byDay, row.local_day);
    f.netSales += row.net_sales;
    f.netProfit += row.net_profit;
    f.orderLines += row.lines;
  }
  for (const d of sums.refunds) slot(byDay, d.local_day).refunds += d.value;
  for (const [day, cents] of placement?.inSkusByDay ?? []) slot(byDay, day).netProfit += cents;
  for (const [day, cents] of placement?.adSpendByDay ?? []) slot(byDay, day).adSpend += cents;
  for (const [day, cents] of placement?.shopAdSpendByDay ?? []) slot(byDay, day).shopAdSpend += cents;
  for (const [day, cents] of placement?.expensesByDay ?? []) slot(byDay, day).expenses += cents;
  for (const [id, days] of Object.entries(placement?.chargedByDay ?? {}))
    for (const [day, cents] of days) {
      const f = slot(byDay, day);
      f.chargedCosts[id] = (f.chargedCosts[id] ?? 0) + cents;
    }
  for (const f of byDay.values()) f.netProfitAfterRefunds = sumOfParts(f);
  return byDay;
}

/**
 * Each day's figures converted once at its period's rate; the converted figure of the range is
 * the sum of its converted days, and each converted day's bottom line is the sum of its converted
 * parts, so the converted row adds up as the shop's own does. Days outside every period (no rate)
 * are not converted: the caller leaves such a shop out.
 */
export function convertDays(
  byDay: ReadonlyMap<CostDay, AllShopsFigures>,
  periods: readonly RatePeriod[],
): AllShopsFigures {
  const total = emptyFigures();
  for (const [day, f] of byDay) {
    const period = periods.find((p) => day >= p.from && day <= p.to);
    if (!period) continue;
    addFigures(total, convertFigures(f, period.rate.rate));
  }
  return total;
}
