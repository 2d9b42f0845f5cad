'use client';

import type { ReactNode } from 'react';
import { formatCount, formatMoney, formatPercent, toneOf } from '@/lib/format/money';
import type { Kpi } from '@/lib/reports/overview';
import type { KpiKey } from '@/lib/reports/period-figures';
import { ForecastLine } from '@/components/forecast/forecast-figures';
import type { ForecastSummary } from '@/lib/reports/settlement-apply';
import { kpiChangeText, kpiTone } from './kpi-change';
import { BRIDGE_LABELS } from '@/lib/reports/bridge';
import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';

export interface KpiCardsProps {
  kpis: Record<KpiKey, Kpi>;
  currency: string;
  /** False while the previous period is still syncing: changes are then unknown, not missing. */
  previousCovered: boolean;
  /** Net profit of sample orders (a marketing cost), when they are kept apart from sales; else null. */
  sampleCost: number | null;
  /** Show the seller's shop-level ad spend and expenses cards (the report counts the seller's costs). */
  withCosts?: boolean;
  /** Net profit's expected figure once the range's open orders settle (`forecast=on`). */
  forecast?: ForecastSummary | undefined;
  /** Without costs and profit, refunds are their sales parts (no fee): the card says so. */
  seesProfit?: boolean;
}

// Two rows of four: volume first, then the profit bridge, read left to right as a sum:
// net profit + sample orders + refunds (+ whole-shop ad spend + other expenses, the seller's own
// costs that are not in a SKU's net profit) = the bottom line.
const LABELS: Record<KpiKey, string> = {
  orders: 'Orders',
  gmv: 'GMV',
  netSales: BRIDGE_LABELS.netSales,
  margin: 'Margin',
  netProfit: BRIDGE_LABELS.netProfit,
  refunds: BRIDGE_LABELS.refunds,
  adSpend: BRIDGE_LABELS.shopAdSpend,
  expenses: BRIDGE_LABELS.expenses,
  netProfitAfterRefunds: BRIDGE_LABELS.bottomLine,
};

function value(key: KpiKey, v: number | null, currency: string): string {
  if (v === null) return '—';
  if (key === 'orders') return formatCount(v);
  if (key === 'margin') return formatPercent(v);
  return formatMoney(v, currency);
}

// Losses and refunds read red here as in every table and chart; volumes (orders, GMV, sales) never do.
function figureTone(key: KpiKey, v: number | null): string | undefined {
  if (v === null || key === 'orders' || key === 'gmv' || key === 'netSales') return undefined;
  if ((key === 'adSpend' || key === 'expenses') && v === 0) return undefined;
  return toneOf(v);
}

export function KpiCards({
  kpis,
  currency,
  previousCovered,
  sampleCost,
  withCosts = false,
  forecast,
  seesProfit = true,
}: KpiCardsProps) {
  const cards: ReactNode[] = [];
  for (const key of Object.keys(LABELS) as KpiKey[]) {
    // A figure the server left out (no access to costs and profit) has no card.
    if (!kpis[key]) continue;
    if ((key === 'adSpend' || key === 'expenses') && (!withCosts || (!kpis[key].value && !kpis[key].previous)))
      continue;
    cards.push(
      <KpiCard
        key={key}
        label={key === 'refunds' && !seesProfit ? SALES_REFUNDS_LABEL : LABELS[key]}
        value={value(key, kpis[key].value, currency)}
        tone={figureTone(key, kpis[key].value)}
      >
        <dd className={`kpi-change ${kpiTone(kpis[key]) ?? ''}`}>{kpiChangeText(key, kpis[key], previousCovered)}</dd>
        {key === 'netProfit' && forecast ? <ForecastLine forecast={forecast} currency={currency} /> : null}
      </KpiCard>,
    );
    // Without this card the row would not add up: samples are kept out of net profit.
    if (key === 'netProfit' && sampleCost !== null) {
      cards.push(
        <KpiCard
          key="samples"
          label={BRIDGE_LABELS.samples}
          value={formatMoney(sampleCost, currency)}
          tone={toneOf(sampleCost)}
        >
          <dd className="kpi-change muted">free samples, kept out of net profit</dd>
        </KpiCard>,
      );
    }
  }
  return <dl className="kpis">{cards}</dl>;
}

interface KpiCardProps {
  label: string;
  value: string;
  tone?: string | undefined;
  children: ReactNode;
}

function KpiCard({ label, value: text, tone, children }: KpiCardProps) {
  return (
    <div className="kpi">
      <dt>{label}</dt>
      <dd className={tone}>{text}</dd>
      {children}
    </div>
  );
}
