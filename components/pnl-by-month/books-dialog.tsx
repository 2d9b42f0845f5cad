'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/your-costs/form-field';
import { REOPEN_REASON_MIN_WORDS } from '@/lib/reports/books-constants';
import type { BooksState, MonthFacts } from '@/lib/reports/books-schemas';
import { formatCount, formatPercent } from '@/lib/format/money';
import { formatDay, formatMonth, formatTimeMs } from '@/lib/format/time';

export interface BooksDialogProps {
  action: 'close' | 'reopen';
  month: string;
  /** The whole month's figures (close), whatever range the page shows; undefined while they load. */
  facts: MonthFacts | undefined;
  /** The month's journals downloaded since it closed (reopen): they must be reversed in the books. */
  downloads: BooksState['reopenDownloads'];
  timezone: string;
  /** The books' basis in words, or the view's when this is the first close. */
  basisWords: string;
  pending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** What the month is closed on: its own share still estimated, its open orders and when the last settles, its days stored. */
function factsWords(name: string, f: MonthFacts): string {
  const share = `${formatPercent(f.estimatedShare ?? 0)} of ${name}’s net sales is still estimated`;
  const open =
    f.openOrders === 0
      ? 'every order has settled'
      : `${formatCount(f.openOrders)} ${f.openOrders === 1 ? 'order is' : 'orders are'} not settled yet${
          f.expectedSettledBy
            ? `; the last is expected to settle by about ${formatDay(f.expectedSettledBy)} (9 in 10 orders here settle within ${f.settleDays} days)`
            : '; too few of this shop’s orders have been seen settling to say when the last one will'
        }`;
  return `${share}: ${open}. ${f.daysStored} of its ${f.days} days are stored.`;
}

/** Confirms closing a month (what happens after) or reopening it (with the reason the history keeps). */
export function BooksDialog({
  action,
  month,
  facts,
  downloads,
  timezone,
  basisWords,
  pending,
  failure,
  onConfirm,
  onClose,
}: BooksDialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const words = reason.trim().split(/\s+/).filter(Boolean).length;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const name = formatMonth(month);
  return (
    <dialog ref={ref} className="explain-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason.trim());
        }}
      >
        <h2 id={`${id}-title`}>{action === 'close' ? `Close ${name}?` : `Reopen ${name}?`}</h2>
        {action === 'close' ? (
          <>
            <p>
              {name}’s statement is frozen as it stands ({basisWords}): the page and every export show it exactly so
              from now on.
            </p>
            <p role="status">{facts ? factsWords(name, facts) : `Reading ${name}…`}</p>
            <p>
              Anything that later changes {name} — an order settling with other fees, a late refund, a cost you enter
              for one of its days — is booked as an itemised adjustment to closed periods in the first open month.
            </p>
          </>
        ) : (
          <>
            <p>
              {name}’s frozen statement is dropped and it shows live figures again; the adjustments it carried for the
              months before it are pending again. The reason stays in the history.
            </p>
            {downloads.length > 0 ? (
              <div className="alert alert-info">
                <p>
                  Its journal was downloaded after it was closed. If you imported it, reverse it in your books: once{' '}
                  {name} is reopened and closed again, its journal changes.
                </p>
                <ul>
                  {downloads.map((d) => (
                    <li key={`${d.at} ${d.format} ${d.part}`}>
                      {d.number} ({d.format === 'xero' ? 'Xero' : 'QuickBooks'}
                      {d.parts > 1 ? `, part ${d.part} of ${d.parts}` : ''}, {d.currency}),{' '}
                      {formatTimeMs(d.at, timezone)} by {d.person}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="field">
              <label htmlFor={`${id}-reason`}>Reason</label>
              <textarea
                id={`${id}-reason`}
                className="input"
                rows={2}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                aria-describedby={`${id}-hint`}
              />
              <span id={`${id}-hint`} className="muted note">
                At least {REOPEN_REASON_MIN_WORDS} words.
              </span>
            </div>
          </>
        )}
        <FormAlert message={failure} />
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={pending || (action === 'reopen' && words < REOPEN_REASON_MIN_WORDS)}
          >
            {pending ? 'Saving…' : action === 'close' ? `Close ${name}` : `Reopen ${name}`}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
