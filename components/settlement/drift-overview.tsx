import { Money } from '@/components/money/money';
import { formatCount, formatPercentChange } from '@/lib/format/money';
import type { DriftFigure, DriftGroup } from '@/lib/reports/settlement';
import { say } from './messages';
import { COLUMN_LABELS, partsThatChanged } from './settlement-labels';

export interface DriftOverviewProps {
  overall: DriftGroup;
  currency: string;
}

/** "−1.20% to +0.40%": where 8 orders in 10 drifted, as shares of their net sales. */
export function spreadOf(f: Pick<DriftFigure, 'p10' | 'p90'>): string {
  if (f.p10 === null || f.p90 === null) return '—';
  return say('spread', { low: { text: formatPercentChange(f.p10) }, high: { text: formatPercentChange(f.p90) } });
}

/** The range's orders seen in both states: how far net profit moved, and each cost type that changed. */
export function DriftOverview({ overall, currency }: DriftOverviewProps) {
  const profit = overall.columns.net_profit;
  const parts = partsThatChanged(overall.changed);
  return (
    <>
      <dl className="kpis">
        <div className="kpi">
          <dt>Orders observed (estimate and settled)</dt>
          <dd>{formatCount(overall.orders)}</dd>
        </div>
        <div className="kpi">
          <dt>Net profit change at settlement</dt>
          <dd>
            <Money cents={profit.total} currency={currency} tone signAlways />{' '}
            <span className="muted settle-kpi-sub">
              {say('ofNetSales', { share: { text: formatPercentChange(profit.ofNetSales) } })}
            </span>
          </dd>
        </div>
        <div className="kpi">
          <dt>Mean per order</dt>
          <dd>
            <Money cents={Math.round(profit.mean)} currency={currency} tone signAlways />
          </dd>
        </div>
        <div className="kpi">
          <dt>Where most orders moved (8 in 10)</dt>
          <dd>{spreadOf(profit)}</dd>
        </div>
      </dl>
      {parts.length === 0 ? (
        <p className="muted note">No cost changed at settlement: every estimate was right.</p>
      ) : (
        <div
          className="table-scroll stack-scroll"
          tabIndex={0}
          role="region"
          aria-label="Change at settlement per cost type table"
        >
          <table className="stack-table">
            <caption className="visually-hidden">Change at settlement per cost type</caption>
            <thead>
              <tr>
                <th scope="col">Cost type</th>
                <th scope="col" className="num">
                  Change (effect on profit)
                </th>
                <th scope="col" className="num">
                  Of net sales
                </th>
                <th scope="col" className="num">
                  Mean per order
                </th>
                <th scope="col" className="num">
                  Where most orders moved (8 in 10)
                </th>
              </tr>
            </thead>
            <tbody>
              {parts.map((c) => {
                const f = overall.columns[c];
                return (
                  <tr key={c}>
                    <th scope="row" className="stack-title">
                      {COLUMN_LABELS[c]}
                    </th>
                    <td className="num" data-label="Change (effect on profit)">
                      <Money cents={f.total} currency={currency} tone signAlways />
                    </td>
                    <td className="num" data-label="Of net sales">
                      {formatPercentChange(f.ofNetSales)}
                    </td>
                    <td className="num" data-label="Mean per order">
                      <Money cents={Math.round(f.mean)} currency={currency} signAlways />
                    </td>
                    <td className="num" data-label="Where most orders moved (8 in 10)">
                      {spreadOf(f)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
