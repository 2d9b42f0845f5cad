'use client';

import { Money } from '@/components/money/money';
import { formatPercent, toneOf } from '@/lib/format/money';
import type { SkuProfitRow } from '@/lib/reports/sku-report';
import { skuText, skuTitle } from '@/lib/format/sku';

export interface TopSkusProps {
  title: string;
  rows: SkuProfitRow[];
  currency: string;
  empty: string;
}

export function TopSkus({ title, rows, currency, empty }: TopSkusProps) {
  const id = `top-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="top-skus">
      <h2 id={id} className="subheading">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{title} by net profit</caption>
          <thead>
            <tr>
              <th scope="col" className="card-title">
                SKU
              </th>
              <th scope="col" className="num card-lead">
                Net profit
              </th>
              <th scope="col" className="num card-lead">
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.skuId}>
                <td className="card-title">
                  {r.productName}{' '}
                  <span className="muted" title={skuTitle(r)}>
                    {skuText(r)}
                  </span>
                </td>
                <td className="num card-lead" data-label="Net profit">
                  <Money cents={r.netProfit} currency={currency} tone />
                </td>
                <td
                  className={`num card-lead ${r.margin === null ? 'muted' : (toneOf(r.margin) ?? '')}`}
                  data-label="Margin"
                >
                  {formatPercent(r.margin)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
