'use client';

import { formatCount, formatMoney, formatPercent } from '@/lib/format/money';
import type { Kpi, KpiKey } from '@/lib/reports/overview';

export interface KpiCardsProps {
  kpis: Record<KpiKey, Kpi>;
  currency: string;
}

const LABELS: Record<KpiKey, string> = {
  orders: 'Orders',
  gmv: 'GMV',
  netSales: 'Net sales',
  netProfit: 'Net profit',
  margin: 'Margin',
  refunds: 'Refunds',
  netProfitAfterRefunds: 'Net profit after refunds',
};

function value(key: KpiKey, v: number | null, currency: string): string {
  if (v === null) return '—';
  if (key === 'orders') return formatCount(v);
  if (key === 'margin') return formatPercent(v);
  return formatMoney(v, currency);
}

function changeText(key: KpiKey, kpi: Kpi): string {
  if (kpi.change === null) return kpi.previous === null ? 'previous period not synced yet' : 'no previous figure';
  const sign = kpi.change > 0 ? '+' : '';
  // The margin's change is in percentage points, not a percentage of a percentage.
  if (key === 'margin') return `${sign}${(kpi.change * 100).toFixed(1)} pts vs previous period`;
  return `${sign}${formatPercent(kpi.change)} vs previous period`;
}

/** For costs a fall is good news: refunds are negative, so a rise in the figure is an improvement. */
function tone(kpi: Kpi): string | undefined {
  if (kpi.change === null || kpi.change === 0) return undefined;
  return kpi.change > 0 ? 'positive' : 'negative';
}

export function KpiCards({ kpis, currency }: KpiCardsProps) {
  return (
    <dl className="kpis">
      {(Object.keys(LABELS) as KpiKey[]).map((key) => (
        <div className="kpi" key={key}>
          <dt>{LABELS[key]}</dt>
          <dd>{value(key, kpis[key].value, currency)}</dd>
          <dd className={tone(kpis[key])} style={{ fontSize: '0.8rem', fontWeight: 400 }}>
            {changeText(key, kpis[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
