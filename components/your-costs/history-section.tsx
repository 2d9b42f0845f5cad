'use client';

import { useState } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import { errorCopy } from '@/components/states/error-copy';
import type { UndoResult } from '@/lib/costs/data';
import type { AuditEntry } from '@/lib/costs/types';
import { undoLabel } from '@/lib/costs/undo-label';
import { formatShopTime } from '@/lib/format/time';
import { formatHistory } from '@/lib/format/history';
import { useCostWrite } from '@/lib/queries/use-cost-mutations';
import type { OnSaved } from './use-cost-form';

export interface HistorySectionProps {
  shopId: string;
  timeZone: string;
  /** The shop's currency: the history's amounts are written in it. */
  currency: string;
  audit: readonly AuditEntry[];
  undoable: AuditEntry | null;
  onSaved: OnSaved;
}

/** Every change to the shop's inputs, newest first, and the one button that takes the last one back. */
export function HistorySection({ shopId, timeZone, currency, audit, undoable, onSaved }: HistorySectionProps) {
  return (
    <section className="card page-card" id="history" aria-labelledby="history-title">
      <div className="page-heading">
        <div>
          <h2 id="history-title">History</h2>
          <p className="muted page-summary">
            The latest 100 changes, newest first, in the shop&apos;s time ({timeZone}). An undo is a change too.
          </p>
        </div>
        <div className="page-actions">
          <UndoButton shopId={shopId} currency={currency} undoable={undoable} onSaved={onSaved} />
        </div>
      </div>
      {audit.length === 0 ? (
        <EmptyState title="No changes yet" reason="Every add, edit, delete, import and restore is listed here." />
      ) : (
        <ol className="history-list">
          {audit.map((entry) => (
            <li key={entry.id} className={entry.undoneAt ? 'history-undone' : undefined}>
              <time className="muted nowrap" dateTime={new Date(entry.at).toISOString()}>
                {formatShopTime(Math.floor(entry.at / 1000), timeZone)}
              </time>
              <span className="history-summary">{formatHistory(entry.detail, currency)}</span>
              <span className="muted nowrap">{entry.by ? `by ${entry.by}` : 'by someone before team access'}</span>
              {entry.undoneAt ? <span className="badge">undone</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export interface UndoButtonProps {
  shopId: string;
  currency: string;
  undoable: AuditEntry | null;
  onSaved: OnSaved;
}

/** Names what it will revert, so the seller never undoes the wrong change. */
export function UndoButton({ shopId, currency, undoable, onSaved }: UndoButtonProps) {
  const undo = useCostWrite<UndoResult>(shopId);
  const [failure, setFailure] = useState<string | null>(null);

  async function run() {
    setFailure(null);
    try {
      const result = await undo.mutateAsync({ method: 'POST', path: 'undo' });
      onSaved(result.audit.detail);
    } catch (error) {
      setFailure(errorCopy(error).message);
    }
  }

  return (
    <div className="undo">
      <button type="button" className="btn" disabled={!undoable || undo.isPending} onClick={() => void run()}>
        {undo.isPending
          ? 'Undoing…'
          : undoable
            ? undoLabel(undoable, formatHistory(undoable.detail, currency))
            : 'Undo last change'}
      </button>
      {!undoable ? <span className="muted undo-note">Nothing to undo.</span> : null}
      {failure ? (
        <span className="field-error" role="alert">
          {failure}
        </span>
      ) : null}
    </div>
  );
}
