'use client';

import { useEffect, useRef } from 'react';
import type { Order, OrderProduct } from '@/lib/contract';
import { explainLine, explainOrder, type LineProfit, type OrderProfit } from '@/lib/profit';
import { formatMoney } from '@/lib/format/money';

/** A figure to explain: an order's net profit, or one product line's. */
export type ExplainTarget =
  { order: Order; profit: OrderProfit } | { product: OrderProduct; line: LineProfit | undefined };

export interface ExplainDialogProps {
  /** What is explained ("Order 5761…", "Blue mug — Large"). */
  subject: string;
  target: ExplainTarget;
  currency: string;
  onClose: () => void;
}

/**
 * The terms, signs and values that produced a profit figure, straight from lib/profit. Mounted
 * while open (the orders page loads it on the first "?"), so it opens as it mounts.
 */
export function ExplainDialog({ subject, target, currency, onClose }: ExplainDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const explanation =
    'order' in target ? explainOrder(target.order, target.profit) : explainLine(target.product, target.line);

  return (
    <dialog ref={ref} className="explain-dialog" aria-labelledby="explain-title" onClose={onClose}>
      <h2 id="explain-title">How {explanation.resultLabel.toLowerCase()} is calculated</h2>
      <p className="muted explain-subject">{subject}</p>
      <p className="explain-formula">{explanation.formula}</p>
      <table className="explain-table">
        <thead>
          <tr>
            <th scope="col">Term</th>
            <th scope="col">From (the Reporting Service’s field)</th>
            <th scope="col" className="num">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {explanation.terms.map((term) => (
            <tr key={term.field}>
              <th scope="row">{term.label}</th>
              <td>
                <code>{term.field}</code>
              </td>
              <td className="num">{formatMoney(term.cents, currency, { signAlways: true })}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              = {explanation.resultLabel}
            </th>
            <td className={`num ${explanation.resultCents < 0 ? 'negative' : ''}`}>
              {formatMoney(explanation.resultCents, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
      <form method="dialog" className="dialog-actions">
        <button type="submit" className="btn btn-primary" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
