import { Money } from '@/components/money/money';
import type { OrderDriftExplanation } from '@/lib/reports/settlement';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { COLUMN_LABELS, partsThatChanged, type MoneyColumn } from './settlement-labels';
import { SkuCell } from './sku-cell';

export interface OrderExplanationProps {
  order: OrderDriftExplanation;
  skus: SettlementData['skus'];
  currency: string;
}

/** Each line of a moved order: its SKU and how each cost type changed from the estimate to settlement. */
export function OrderExplanation({ order, skus, currency }: OrderExplanationProps) {
  const changed = (Object.keys(COLUMN_LABELS) as MoneyColumn[]).filter((c) => order.lines.some((l) => l.diff[c] !== 0));
  const columns: MoneyColumn[] = [...partsThatChanged(changed), 'net_profit'];
  return (
    <div className="pnl-panel settle-explain" id={`order-${order.orderId}`}>
      <p className="pnl-note">
        Order <span className="mono">{order.orderId}</span>: settled minus estimated, per line. A minus is money lost at
        settlement.
      </p>
      <div
        className="table-scroll stack-scroll"
        tabIndex={0}
        role="region"
        aria-label={`Lines of order ${order.orderId}`}
      >
        <table className="stack-table">
          <caption className="visually-hidden">How each line of order {order.orderId} moved</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              {columns.map((c) => (
                <th key={c} scope="col" className="num">
                  {COLUMN_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.lineIndex}>
                <SkuCell skus={skus} skuId={line.skuId} />
                {columns.map((c) => (
                  <td key={c} className="num" data-label={COLUMN_LABELS[c]}>
                    <Money cents={line.diff[c]} currency={currency} tone={c === 'net_profit'} signAlways />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {order.lines.length > 1 ? (
            <tfoot>
              <tr>
                <th scope="row" className="stack-title">
                  The order
                </th>
                {columns.map((c) => (
                  <td key={c} className="num" data-label={COLUMN_LABELS[c]}>
                    <Money
                      cents={order.lines.reduce((sum, l) => sum + l.diff[c], 0)}
                      currency={currency}
                      tone={c === 'net_profit'}
                      signAlways
                    />
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </div>
  );
}
