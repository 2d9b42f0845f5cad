'use client';

import Link from 'next/link';
import { Money } from '@/components/money/money';
import { formatPercent } from '@/lib/format/money';
import { formatDayRange, formatMonth } from '@/lib/format/time';
import type { PnlByMonth, PnlLine, PnlMonth } from '@/lib/reports/pnl-by-month';
import { monthHeading } from '@/lib/reports/pnl-words';
import { ordersView } from '@/lib/views/orders';
import { skuProfitView } from '@/lib/views/sku-profit';
import { pageLink } from '@/lib/views/view';
import { say } from './messages';

export interface PnlTableProps {
  report: Pick<PnlByMonth, 'months' | 'lines' | 'total'>;
  /** The shop whose orders and SKUs each month links to (none for All shops). */
  shopId?: string;
  currency: string;
  /** Each figure also as a share of its month's net sales. */
  share: boolean;
  /** The shop's zone (a shop's statement says which months are closed, and when). */
  timezone?: string;
}

const ROW_CLASS: Record<PnlLine['kind'], string | undefined> = {
  line: undefined,
  part: 'pnl-level-1',
  memo: 'pnl-level-1 pnl-memo',
  total: 'pnl-subtotal',
};

/** The bottom line, and the bottom line including the adjustments to closed periods. */
const RESULT_KEYS = new Set(['bottomLine', 'bottomLine.adjusted']);

/** "Mar 2026", or the range's days of a partial month. */
function monthTitle(m: PnlMonth): string {
  return monthHeading(m) === m.month ? formatMonth(m.month) : formatDayRange(m.from, m.to);
}

function Cell({
  cents,
  netSales,
  currency,
  share,
  tone,
}: {
  cents: number;
  netSales: number;
  currency: string;
  share: boolean;
  tone: boolean;
}) {
  return (
    <td className="num">
      <Money cents={cents} currency={currency} tone={tone} />
      {share ? (
        <span className="muted pnl-share">{formatPercent(netSales === 0 ? null : cents / netSales)}</span>
      ) : null}
    </td>
  );
}

/** "Closed" with a lock (who closed it and when, on hover) or "Open": a shop's month in its books. */
function MonthStatus({ month, timezone }: { month: PnlMonth; timezone: string }) {
  if (!month.closed) return <span className="pnl-status muted">Open</span>;
  const title = say('closedBy', {
    at: { time: month.closed.at, timeZone: timezone },
    person: { text: month.closed.by },
  });
  return (
    <span className="pnl-status pnl-closed" title={title}>
      <svg className="pnl-lock" viewBox="0 0 12 12" width="10" height="10" aria-hidden="true" focusable="false">
        <rect x="2" y="5" width="8" height="6" rx="1" fill="currentColor" />
        <path d="M4 5V3.5a2 2 0 0 1 4 0V5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>{' '}
      Closed
      <span className="visually-hidden"> ({title})</span>
    </span>
  );
}

/** The statement: a row per line (parts indented under their line), a column per month, the total last. */
export function PnlTable({ report, shopId, currency, share, timezone }: PnlTableProps) {
  const custom = (m: { from: string; to: string }) => ({
    shop: shopId,
    range: 'custom' as const,
    from: m.from,
    to: m.to,
  });
  return (
    <div className="table-scroll pnl-scroll" tabIndex={0} role="region" aria-label="Profit and loss by month table">
      <table className="pnl-table pnl-months">
        <caption className="visually-hidden">Profit and loss by month, in {currency}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {report.months.map((m) => (
              <th scope="col" className="num" key={m.month}>
                {monthTitle(m)}
                {shopId && timezone ? <MonthStatus month={m} timezone={timezone} /> : null}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {report.lines.map((line) => (
            <tr
              key={line.key}
              className={RESULT_KEYS.has(line.key) ? 'pnl-result' : ROW_CLASS[line.kind]}
              data-key={line.key}
            >
              <th scope="row">{line.label}</th>
              {line.values.map((cents, i) => (
                <Cell
                  key={report.months[i]!.month}
                  cents={cents}
                  netSales={report.months[i]!.netSales}
                  currency={currency}
                  share={share}
                  tone={RESULT_KEYS.has(line.key)}
                />
              ))}
              <Cell
                cents={line.total}
                netSales={report.total.netSales}
                currency={currency}
                share={share}
                tone={RESULT_KEYS.has(line.key)}
              />
            </tr>
          ))}
          <tr className="pnl-level-1">
            <th scope="row">Still estimated (net sales of orders not settled)</th>
            {report.months.map((m) => (
              <td className="num" key={m.month}>
                {formatPercent(m.estimatedShare)}
              </td>
            ))}
            <td className="num">{formatPercent(report.total.estimatedShare)}</td>
          </tr>
          {shopId ? (
            <tr className="pnl-level-1">
              <th scope="row">The month’s orders and SKUs</th>
              {report.months.map((m) => (
                <td className="num pnl-links" key={m.month}>
                  <Link
                    href={pageLink(ordersView)('/orders', custom(m))}
                    aria-label={say('ordersOf', { month: { text: monthTitle(m) } })}
                  >
                    Orders
                  </Link>{' '}
                  ·{' '}
                  <Link
                    href={pageLink(skuProfitView)('/sku-profit', custom(m))}
                    aria-label={say('skusOf', { month: { text: monthTitle(m) } })}
                  >
                    SKUs
                  </Link>
                </td>
              ))}
              <td className="num" />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
