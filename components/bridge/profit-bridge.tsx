import { Money } from '@/components/money/money';
import { BOTTOM_LINE_MEANS, type BridgeStep } from '@/lib/reports/bridge';

export interface ProfitBridgeProps {
  steps: readonly BridgeStep[];
  currency: string;
  /** The table's caption, e.g. "From net sales to the bottom line". */
  caption?: string;
}

/**
 * The bottom line as a sum a seller can check by hand: net sales, each cost by kind, net profit of
 * orders, then the period lines to the bottom line. Totals are ruled off and bold.
 */
export function ProfitBridge({ steps, currency, caption }: ProfitBridgeProps) {
  // A searched view's bridge ends at net profit of orders (lib/reports/bridge): it names that end.
  const toBottomLine = steps.at(-1)?.key === 'bottomLine';
  return (
    <div className="bridge">
      <table className="bridge-table">
        <caption>
          {caption ?? (toBottomLine ? 'From net sales to the bottom line' : 'From net sales to net profit of orders')}
        </caption>
        <tbody>
          {steps.map((s) => (
            <tr key={s.key} className={`bridge-${s.kind}`}>
              <th scope="row">
                {s.kind === 'part' ? (
                  <span className="bridge-sign" aria-hidden="true">
                    {s.value < 0 ? '−' : '+'}
                  </span>
                ) : s.kind === 'total' ? (
                  <span className="bridge-sign" aria-hidden="true">
                    =
                  </span>
                ) : null}
                {s.label}
              </th>
              <td className="num">
                <Money cents={s.value} currency={currency} tone={s.kind === 'total'} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {toBottomLine ? <p className="muted note">Bottom line = {BOTTOM_LINE_MEANS}.</p> : null}
    </div>
  );
}
