'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/your-costs/form-field';
import { REOPEN_REASON_MIN_WORDS } from '@/lib/reports/books-constants';
import { formatPercent } from '@/lib/format/money';
import { formatMonth } from '@/lib/format/time';

export interface BooksDialogProps {
  action: 'close' | 'reopen';
  month: string;
  /** The month's share of net sales still estimated (close), when the page shows the month. */
  estimatedShare: number | null | undefined;
  /** The books' basis in words, or the view's when this is the first close. */
  basisWords: string;
  pending: boolean;
  failure: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Confirms closing a month (what happens after) or reopening it (with the reason the history keeps). */
export function BooksDialog({
  action,
  month,
  estimatedShare,
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
            <p>
              {estimatedShare
                ? `${formatPercent(estimatedShare)} of its net sales is still estimated (orders not settled). `
                : null}
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
