import { formatMoney } from '@/lib/format/money';
import { formatDay } from '@/lib/format/time';
import type { RefundCategories, RefundChartDay } from './refund-categories';

export interface RefundDaysTableProps {
  days: RefundChartDay[];
  categories: RefundCategories;
  currency: string;
  partialDay: string | null;
}

/**
 * The chart's numbers as a table, newest day first. Every day of the range is a row, days without
 * refunds too (muted): the same rows as the CSV, so the two never disagree on a day count.
 * On a phone each day is a card led by its total; its categories follow in small type.
 */
export function RefundDaysTable({ days, categories, currency, partialDay }: RefundDaysTableProps) {
  const newestFirst = [...days].reverse();
  if (newestFirst.length === 0) return null;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Refunds per day table">
      <table className="data-table refund-days">
        <caption className="visually-hidden">Refund cost per day and category</caption>
        <thead>
          <tr>
            <th scope="col" className="card-title pin-start">
              Day
            </th>
            <th scope="col" className="num card-lead">
              Total
            </th>
            {categories.map((c) => (
              <th scope="col" className="num card-detail wrap" key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((d) => (
            <tr key={d.day} className={d.total === 0 ? 'card-open zero-day' : 'card-open'}>
              <th scope="row" className="nowrap card-title pin-start day-cell">
                {formatDay(d.day)}
                {d.day === partialDay ? <span className="muted"> (so far)</span> : null}
              </th>
              <td className={`num card-lead ${d.total < 0 ? 'negative' : ''}`} data-label="Total">
                {formatMoney(d.total, currency)}
              </td>
              {categories.map((c) => (
                <td
                  className={`num card-detail${(d[c.key] ?? 0) === 0 ? ' zero' : ''}`}
                  key={c.key}
                  data-label={c.label}
                >
                  {formatMoney(d[c.key], currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
