'use client';

import type { Order } from '@/lib/contract';
import type { OrderProfit } from '@/lib/profit';
import { formatMoney, formatPercent, toneOf } from '@/lib/format/money';
import { ProductIcon } from '@/components/sku-costs/product-icon';
import type { ExplainTarget } from './explain-dialog';
import { pnlRows } from './pnl-rows';
import { skuText, skuTitle } from '@/lib/format/sku';

export interface OrderPnlPanelProps {
  order: Order;
  profit: OrderProfit;
  currency: string;
  onExplain: (subject: string, target: ExplainTarget) => void;
}

/** Every product of the order side by side, one P&L line per row, the order's total last. */
export function OrderPnlPanel({ order, profit, currency, onExplain }: OrderPnlPanelProps) {
  const rows = pnlRows(order.products, profit);
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <div className="pnl-panel">
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`Products of order ${order.orderNumber}`}>
        <table className="pnl-table">
          <caption className="visually-hidden">Profit and loss per product of order {order.orderNumber}</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              {order.products.map((product, i) => (
                <th scope="col" key={`${product.skuId}-${i}`} className="num pnl-product">
                  <span className="pnl-product-head">
                    <ProductIcon src={product.icon} size={28} />
                    <span>
                      <span className="pnl-product-name">{product.name}</span>
                      <span className="muted pnl-sku" title={skuTitle(product)}>
                        {skuText(product)}
                      </span>
                    </span>
                  </span>
                </th>
              ))}
              {order.products.length > 1 ? (
                <th scope="col" className="num">
                  Order total
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={`pnl-level-${row.level} ${row.kind ? `pnl-${row.kind}` : ''}`}>
                <th scope="row" title={row.field}>
                  {row.label}
                </th>
                {row.values.map((cents, i) => (
                  <td key={i} className={`num ${row.kind === 'result' ? (toneOf(cents) ?? '') : ''}`}>
                    {money(cents)}
                    {row.kind === 'result' ? (
                      <button
                        type="button"
                        className="explain-button"
                        aria-label={`Explain net profit of ${order.products[i]?.name ?? 'product'} (${order.products[i] ? skuText(order.products[i]) : ''})`}
                        onClick={() => {
                          const product = order.products[i];
                          if (product)
                            onExplain(`${product.name} — ${skuText(product)}`, { product, line: profit.lines[i] });
                        }}
                      >
                        ?
                      </button>
                    ) : null}
                  </td>
                ))}
                {order.products.length > 1 ? (
                  <td className={`num ${row.kind === 'result' ? (toneOf(row.total) ?? '') : ''}`}>
                    {money(row.total)}
                  </td>
                ) : null}
              </tr>
            ))}
            <tr className="pnl-margin">
              <th scope="row">Margin</th>
              {profit.lines.map((line, i) => (
                <td key={i} className="num">
                  {formatPercent(line.margin)}
                </td>
              ))}
              {order.products.length > 1 ? <td className="num">{formatPercent(profit.totals.margin)}</td> : null}
            </tr>
          </tbody>
        </table>
      </div>
      {profit.estimated ? (
        <p className="muted pnl-note">
          This order is not settled yet: fees are estimated and may change at settlement.
        </p>
      ) : null}
    </div>
  );
}
