'use client';

import { Money } from '@/components/money/money';
import { useAdjustmentsQuery } from '@/lib/queries/use-books';
import { sayNodes } from './messages';

/** The itemised adjustments to closed periods a month carries: which order or input, which line, how much. */
export function AdjustmentsList({ shopId, month, currency }: { shopId: string; month: string; currency: string }) {
  const query = useAdjustmentsQuery(shopId, month);
  const data = query.data;
  if (!data || data.items.length === 0) return null;
  const lines = data.items.filter((i) => i.kind === 'line');
  return (
    <details className="pnl-adjustments">
      <summary>
        {sayNodes(
          'adjustments',
          { month: { month }, status: { text: data.status }, items: { count: lines.length } },
          { total: <Money cents={data.total} currency={currency} tone /> },
        )}
      </summary>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Adjustments to closed periods">
        <table className="pnl-table">
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Closed month</th>
              <th scope="col">Line</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((i) => (
              <tr
                key={`${i.forMonth} ${i.source} ${i.lineKey}`}
                className={i.kind === 'part' ? 'pnl-level-1' : undefined}
              >
                <th scope="row">
                  {i.sourceWords}
                  {i.skus.length > 0 ? <span className="muted"> · {i.skus.join(', ')}</span> : null}
                </th>
                <td>{i.forMonthWords}</td>
                <td>{i.line}</td>
                <td className="num">
                  <Money cents={i.cents} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
