'use client';

import type { ViewOrigin } from '@/lib/api/schemas';
import { formatCount } from '@/lib/format/money';
import { formatAsOf } from '@/lib/format/time';
import { useNow } from './use-now';

export interface ViewSourceNoteProps {
  origin: ViewOrigin;
  timeZone: string;
  /** What the view lists: "orders", "refund days". */
  noun: string;
}

/**
 * Where a list on screen comes from and how fresh it is: the dashboard's store "as of 14:02", the
 * Reporting Service just now (a range not stored yet), or, when the service could not answer in
 * time, what is stored so far, said plainly, while the sync reads the rest.
 */
export function ViewSourceNote({ origin, timeZone, noun }: ViewSourceNoteProps) {
  const now = useNow(30_000);
  const stored = origin.coverage
    ? `${formatCount(origin.coverage.daysStored)} of ${formatCount(origin.coverage.daysTotal)} days of this range are stored`
    : 'nothing of this range is stored yet';
  if (origin.source === 'store')
    return (
      <p className="muted source-note" role="status">
        From the dashboard&apos;s store, {origin.asOf === null ? 'being read' : formatAsOf(origin.asOf, timeZone, now)}{' '}
        · times in {timeZone}
      </p>
    );
  if (origin.source === 'upstream')
    return (
      <p className="muted source-note" role="status">
        Read from the Reporting Service just now ({stored}; the store fills in by itself) · times in {timeZone}
      </p>
    );
  const reason =
    origin.source === 'stored-part-busy'
      ? 'The Reporting Service is busy right now (its requests per minute are spent)'
      : 'The Reporting Service is not responding right now';
  return (
    <p className="alert alert-info" role="status">
      <strong>Partial list:</strong> {reason}, so this shows the {noun} stored so far: {stored}. The rest appears here
      as the sync reads it; this page checks again every few seconds.
    </p>
  );
}
