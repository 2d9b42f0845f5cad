'use client';

import { useState } from 'react';
import { useViewer } from '@/components/app-shell/viewer';
import { basisWords } from '@/lib/format/books';
import { formatMonth } from '@/lib/format/time';
import type { PnlMonth } from '@/lib/reports/pnl-by-month';
import { useBooksQuery, useBooksWrite, useMonthFactsQuery } from '@/lib/queries/use-books';
import { allows } from '@/lib/team/roles';
import { switchesOf } from '@/lib/views/switches';
import { AdjustmentsList } from './adjustments-list';
import { BooksDialog } from './books-dialog';
import { say } from './messages';

export interface BooksPanelProps {
  shopId: string;
  timezone: string;
  currency: string;
  /** The page's switches and cost view: the first close fixes them as the books' basis. */
  view: { cancelled: 'exclude' | 'include'; samples: 'separate' | 'include'; costs: 'mine' | 'service' };
  /** The months the page shows (for the share still estimated of the month to close). */
  months: readonly PnlMonth[];
  /** Whether the page's range is fully stored (the books are asked again when it becomes so). */
  stored: boolean;
}

const viewWords = (v: BooksPanelProps['view']) => basisWords({ switches: switchesOf(v), costs: v.costs });

/** Closed months (docs/ARCHITECTURE.md#pl-by-month): close the next month, reopen the latest, the adjustments and the history. */
export function BooksPanel({ shopId, timezone, currency, view, months, stored }: BooksPanelProps) {
  const canClose = allows(useViewer(), 'close-books');
  const books = useBooksQuery(shopId, stored);
  const write = useBooksWrite(shopId);
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const state = books.data;
  const closing =
    dialog === 'close' && state ? (state.closed.at(-1) ? state.next.month : (picked ?? state.next.month)) : null;
  const facts = useMonthFactsQuery(shopId, closing, view);
  if (!state) return null;
  const latest = state.closed.at(-1);
  const differs = state.basisWords !== null && state.basisWords !== viewWords(view);
  // The first close may start the books at any ended month the page shows; then the chain decides.
  const choices = latest
    ? []
    : [...new Set([state.next.month, ...months.map((m) => m.month).filter((m) => m < state.next.month)])]
        .sort()
        .reverse();
  const toClose = latest ? state.next.month : (picked ?? state.next.month);
  const refusal = toClose === state.next.month ? state.next.refusal : null;
  const month = dialog === 'close' ? toClose : (state.reopenable ?? '');
  const open = (action: 'close' | 'reopen') => {
    write.reset();
    setDialog(action);
    // The journals downloaded since the close, read now: someone else may have downloaded one.
    if (action === 'reopen') void books.refetch();
  };
  return (
    <section className="pnl-books" aria-labelledby="books-title">
      <h2 id="books-title" className="pnl-books-title">
        Closed months
      </h2>
      <p className="muted note">
        {latest
          ? say('closedUpTo', {
              month: { month: latest.month },
              basis: { text: state.basisWords ?? '' },
              firstOpen: { month: state.firstOpen! },
            })
          : 'No month is closed yet. Closing a month freezes its statement as it stands; later changes to it are booked as adjustments to closed periods in the first open month.'}
        {differs
          ? ` This page’s switches differ: closed months still show their statement as closed (${state.basisWords}).`
          : null}
      </p>
      {canClose ? (
        <div className="form-actions">
          {choices.length > 1 ? (
            <label className="pnl-books-first">
              First month to close{' '}
              <select className="input" value={toClose} onChange={(e) => setPicked(e.target.value)}>
                {choices.map((m) => (
                  <option key={m} value={m}>
                    {formatMonth(m)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {refusal === null ? (
            <button type="button" className="btn btn-primary" onClick={() => open('close')}>
              {say('closeMonth', { month: { month: toClose } })}
            </button>
          ) : null}
          {state.reopenable ? (
            <button type="button" className="btn" onClick={() => open('reopen')}>
              {say('reopenMonth', { month: { month: state.reopenable } })}
            </button>
          ) : null}
        </div>
      ) : null}
      {canClose && refusal ? <p className="muted note">{refusal}</p> : null}
      {state.firstOpen ? <AdjustmentsList shopId={shopId} month={state.firstOpen} currency={currency} /> : null}
      {state.history.length > 0 ? (
        <details className="pnl-books-history">
          <summary>{say('history', { count: { count: state.history.length } })}</summary>
          <ul>
            {state.history.slice(0, 10).map((e) => (
              <li key={`${e.at} ${e.month} ${e.action}`}>
                {say('historyEntry', {
                  month: { month: e.month },
                  action: { text: e.action },
                  person: { text: e.person },
                  at: { time: e.at, timeZone: timezone },
                })}
                {e.reason ? <span className="muted"> — “{e.reason}”</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {dialog ? (
        <BooksDialog
          action={dialog}
          month={month}
          facts={facts.data}
          downloads={state.reopenDownloads}
          timezone={timezone}
          basisWords={state.basisWords ?? viewWords(view)}
          pending={write.isPending}
          failure={write.error ? write.error.message : null}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            write.mutate(dialog === 'close' ? { action: 'close', month, view } : { action: 'reopen', month, reason }, {
              onSuccess: () => setDialog(null),
            })
          }
        />
      ) : null}
    </section>
  );
}
