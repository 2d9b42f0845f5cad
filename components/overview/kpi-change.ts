import { formatDecimal, formatPercent } from '@/lib/format/money';
import type { Kpi } from '@/lib/reports/overview';
import type { KpiKey } from '@/lib/reports/period-figures';

// What the line under a KPI says about the previous period, and whether that is good news.

/**
 * "+4.9% vs previous period". The margin changes in points, not a percentage of a percentage.
 * Refunds are negative figures: a seller reads "+14%" next to a refund total as "more refunds",
 * so their change is said in words ("14.4% less").
 */
export function kpiChangeText(key: KpiKey, kpi: Kpi, previousCovered: boolean): string {
  if (kpi.change === null) {
    if (!previousCovered) return 'previous period not synced yet';
    return key === 'margin' ? 'no margin to compare (no net sales)' : 'no previous figure';
  }
  if (key === 'refunds') {
    if (kpi.change === 0) return 'same as previous period';
    return `${formatPercent(Math.abs(kpi.change))} ${kpi.change > 0 ? 'less' : 'more'} than previous period`;
  }
  const sign = kpi.change > 0 ? '+' : '';
  if (key === 'margin') return `${sign}${formatDecimal(kpi.change * 100, 1)} pts vs previous period`;
  return `${sign}${formatPercent(kpi.change)} vs previous period`;
}

/** Every KPI is better when its figure rises (costs are negative, so a smaller cost is a rise). */
export function kpiTone(kpi: Kpi): 'positive' | 'negative' | undefined {
  if (kpi.change === null || kpi.change === 0) return undefined;
  return kpi.change > 0 ? 'positive' : 'negative';
}
