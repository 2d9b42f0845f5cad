import { formatMoney } from '@/lib/format/money';
import { formatDay } from '@/lib/format/time';
import type { REFUND_CATEGORIES, RefundChartDay } from './refund-categories';

export interface RefundDaysTableProps {
  days: RefundChartDay[];
  categories: typeof REFUND_CATEGORIES;
  currency: string;
}

/** The chart's numbers as a table: newest day first, days without refunds left out. */
export function RefundDaysTable({ days, categories, currency }: RefundDaysTableProps) {
  const withRefunds = days.filter((d) => d.total !== 0 || categories.some((c) => d[c.key] !== 0)).reverse();
  if (withRefunds.length === 0) return null;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Refunds per day">
      <table className="data-table">
        <caption className="visually-hidden">Refund cost per day and category</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="num">
              Total
            </th>
            {categories.map((c) => (
              <th scope="col" className="num" key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {withRefunds.map((d) => (
            <tr key={d.day}>
              <th scope="row" className="nowrap" style={{ fontWeight: 500 }}>
                {formatDay(d.day)}
              </th>
              <td className={`num ${d.total < 0 ? 'negative' : ''}`}>{formatMoney(d.total, currency)}</td>
              {categories.map((c) => (
                <td className="num" key={c.key}>
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
