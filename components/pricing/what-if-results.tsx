'use client';

import { Fragment } from 'react';
import { Money } from '@/components/money/money';
import { formatPercent } from '@/lib/format/money';
import { formatDayRange, formatMonth } from '@/lib/format/time';
import { skuText } from '@/lib/format/sku';
import type { PricingReport } from '@/lib/pricing/report';
import { changeFor, type ReplayFigures } from '@/lib/pricing/replay';
import { useShowAll } from '@/components/settlement/show-all';

export interface WhatIfResultsProps {
  report: PricingReport;
  /** The lookback: its first and last months may hold only some of their days. */
  range: { from: string; to: string };
  currency: string;
}

/** "Oct 2026", or the range's days of a month it covers in part ("Aug 28 – Aug 31, 2026"), as the P&L by month says it. */
function monthTitle(month: string, range: { from: string; to: string }): string {
  const first = `${month}-01`;
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const from = range.from > first ? range.from : first;
  const to = range.to < last ? range.to : last;
  return from === first && to === last ? formatMonth(month) : formatDayRange(from, to);
}

const marginOf = (f: ReplayFigures) => (f.netSales === 0 ? null : f.netProfit / f.netSales);

function Row({
  title,
  before,
  after,
  currency,
}: {
  title: string;
  before: ReplayFigures;
  after: ReplayFigures;
  currency: string;
}) {
  return (
    <tr>
      <th scope="row" className="stack-title">
        {title}
      </th>
      <td className="num" data-label="Net sales before → after">
        <Money cents={before.netSales} currency={currency} /> → <Money cents={after.netSales} currency={currency} />
      </td>
      <td className="num" data-label="Net profit before → after">
        <Money cents={before.netProfit} currency={currency} tone /> →{' '}
        <Money cents={after.netProfit} currency={currency} tone />
      </td>
      <td className="num" data-label="Change in net profit">
        <Money cents={after.netProfit - before.netProfit} currency={currency} tone signAlways />
      </td>
      <td className="num" data-label="Margin before → after">
        {formatPercent(marginOf(before))} → {formatPercent(marginOf(after))}
      </td>
    </tr>
  );
}

function Table({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label={`${label} table`}>
      <table className="stack-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{label.startsWith('What-if by month') ? 'Month' : 'SKU'}</th>
            <th scope="col" className="num">
              Net sales before → after
            </th>
            <th scope="col" className="num">
              Net profit before → after
            </th>
            <th scope="col" className="num">
              Change in net profit
            </th>
            <th scope="col" className="num">
              Margin before → after
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The replay's result: in total, by month, and for each SKU the scenario changed. */
export function WhatIfResults({ report, range, currency }: WhatIfResultsProps) {
  const changed = report.rows.filter(
    (r) =>
      r.whatIf.after.netProfit !== r.whatIf.before.netProfit || r.whatIf.after.netSales !== r.whatIf.before.netSales,
  );
  const { shown, toggle } = useShowAll(changed, 'SKUs');
  return (
    <section aria-labelledby="what-if-result-title">
      <h3 id="what-if-result-title">Result</h3>
      <Table label="What-if by month">
        {report.months.map((m) => (
          <Row key={m.month} title={monthTitle(m.month, range)} before={m.before} after={m.after} currency={currency} />
        ))}
        <Row title="Whole range" before={report.total.before} after={report.total.after} currency={currency} />
      </Table>
      {changed.length > 0 ? (
        <Table label="What-if per SKU">
          {shown.map((r) => (
            <Fragment key={r.skuId}>
              <Row title={skuText(r)} before={r.whatIf.before} after={r.whatIf.after} currency={currency} />
              {r.whatIf.creators && changeFor(report.scenario, r.skuId).commission !== undefined ? (
                <Row
                  title={`${skuText(r)}: its sales through creators`}
                  before={r.whatIf.creators.before}
                  after={r.whatIf.creators.after}
                  currency={currency}
                />
              ) : null}
            </Fragment>
          ))}
        </Table>
      ) : null}
      {toggle}
      {report.rows.some((r) => r.whatIf.skipped) ? (
        <p className="muted note">
          Some SKUs have no catalog price: a new price is not applied to them, a change in percent is.
        </p>
      ) : null}
      <p className="muted note">
        Ad spend and your other costs placed on a SKU stay what they were; they are spread over the months by sales.
        Each figure is rounded once.
      </p>
    </section>
  );
}
