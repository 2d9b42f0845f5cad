'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '@/components/your-costs/form-field';
import { REOPEN_REASON_MIN_WORDS } from '@/lib/reports/books-constants';
import type { BooksState, MonthFacts } from '@/lib/reports/books-schemas';
import { say } from './messages';

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
function factsWords(month: string, f: MonthFacts): string {
  return say('monthFacts', {
    share: { percent: f.estimatedShare ?? 0 },
    month: { month },
    settling: { text: f.openOrders === 0 ? 'all' : f.expectedSettledBy ? 'expected' : 'unknown' },
    open: { count: f.openOrders },
    by: { day: f.expectedSettledBy ?? '' },
    settleDays: { count: f.settleDays ?? 0 },
    stored: { count: f.daysStored },
    days: { count: f.days },
  });
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
  const theMonth = { month: { month } };
  return (
    <dialog ref={ref} className="explain-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason.trim());
        }}
      >
        <h2 id={`${id}-title`}>{say(action === 'close' ? 'closeAsk' : 'reopenAsk', theMonth)}</h2>
        {action === 'close' ? (
          <>
            <p>{say('closeFrozen', { ...theMonth, basis: { text: basisWords } })}</p>
            <p role="status">{facts ? factsWords(month, facts) : say('readingMonth', theMonth)}</p>
            <p>{say('closeLater', theMonth)}</p>
          </>
        ) : (
          <>
            <p>{say('reopenDropped', theMonth)}</p>
            {downloads.length > 0 ? (
              <div className="alert alert-info">
                <p>{say('reopenDownloaded', theMonth)}</p>
                <ul>
                  {downloads.map((d) => (
                    <li key={`${d.at} ${d.format} ${d.part}`}>
                      {say(d.parts > 1 ? 'downloadPart' : 'download', {
                        number: { text: d.number },
                        format: { text: d.format === 'xero' ? 'Xero' : 'QuickBooks' },
                        part: { count: d.part },
                        parts: { count: d.parts },
                        currency: { text: d.currency },
                        at: { time: d.at, timeZone: timezone },
                        person: { text: d.person },
                      })}
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
            {pending ? 'Saving…' : say(action === 'close' ? 'closeMonth' : 'reopenMonth', theMonth)}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
