'use client';

import { lazy, Suspense } from 'react';
import type { HistoryDetail } from '@/lib/costs/history';

// The sentence needs every cost kind's templates (the registry), which a page that only shows this
// notice after a save (SKU costs) would otherwise load first: it is its own chunk, fetched with the
// page's edit forms (lazy-edits) or when the notice first appears.
export const loadHistoryWords = () => import('./history-words');
const HistoryWords = lazy(() => loadHistoryWords().then((m) => ({ default: m.HistoryWords })));

export interface SaveNoticeProps {
  /** What the last write did (its history entry), or null. */
  notice: HistoryDetail | null;
  /** The shop's currency: the sentence's amounts are written in it. */
  currency: string;
  onDismiss: () => void;
}

/** "Saved. …" after a change of the seller's costs, read out as it appears; the slot stays in place. */
export function SaveNotice({ notice, currency, onDismiss }: SaveNoticeProps) {
  return (
    <div role="status" aria-live="polite" className="save-notice-slot">
      {notice ? (
        <p className="alert alert-info save-notice">
          <span>
            <strong>Saved.</strong>{' '}
            <Suspense fallback={null}>
              <HistoryWords detail={notice} currency={currency} />
            </Suspense>
          </span>
          <button type="button" className="btn btn-small" onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
