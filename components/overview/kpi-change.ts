import type { Kpi } from '@/lib/reports/overview';
import type { KpiKey } from '@/lib/reports/period-figures';
import { say } from './messages';

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
    return say('refundsChange', {
      change: { percent: Math.abs(kpi.change) },
      direction: { text: kpi.change > 0 ? 'less' : 'more' },
    });
  }
  if (key === 'margin') return say('marginChange', { points: { decimal: kpi.change * 100, fixed: 1, signed: true } });
  return say('kpiChange', { change: { percent: kpi.change, signed: true } });
}

/** Every KPI is better when its figure rises (costs are negative, so a smaller cost is a rise). */
export function kpiTone(kpi: Kpi): 'positive' | 'negative' | undefined {
  if (kpi.change === null || kpi.change === 0) return undefined;
  return kpi.change > 0 ? 'positive' : 'negative';
}
