'use client';

import { Money } from '@/components/money/money';
import { formatPercent } from '@/lib/format/money';
import type { SkuRow } from '@/lib/reports/sku-report';

export interface TopSkusProps {
  title: string;
  rows: SkuRow[];
  currency: string;
  empty: string;
}

export function TopSkus({ title, rows, currency, empty }: TopSkusProps) {
  const id = `top-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} style={{ flex: '1 1 18rem' }}>
      <h2 id={id} style={{ fontSize: '1rem', margin: '0 0 0.4rem' }}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="num">Net profit</th>
              <th scope="col" className="num">Margin</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.skuId}>
                <td>
                  {r.productName} <span className="muted">{r.skuName}</span>
                </td>
                <td className="num">
                  <Money cents={r.netProfit} currency={currency} tone />
                </td>
                <td className="num">{formatPercent(r.margin)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
