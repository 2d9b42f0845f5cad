'use client';

import type { HistoryDetail } from '@/lib/costs/history';
import { formatHistory } from '@/lib/format/history';

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
            <strong>Saved.</strong> {formatHistory(notice, currency)}
          </span>
          <button type="button" className="btn btn-small" onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
