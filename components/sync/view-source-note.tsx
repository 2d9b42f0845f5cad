'use client';

import type { ViewOrigin } from '@/lib/api/schemas';
import { formatAsOf } from '@/lib/format/time';
import { say, sayNodes } from './messages';
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
  const zone = { text: timeZone };
  const stored = {
    text: origin.coverage
      ? say('daysStored', {
          stored: { count: origin.coverage.daysStored },
          total: { count: origin.coverage.daysTotal },
        })
      : say('nothingStored'),
  };
  if (origin.source === 'store')
    return (
      <p className="muted source-note" role="status">
        {origin.asOf === null
          ? say('fromStoreReading', { zone })
          : say('fromStore', { asOf: { text: formatAsOf(origin.asOf, timeZone, now) }, zone })}
      </p>
    );
  if (origin.source === 'upstream')
    return (
      <p className="muted source-note" role="status">
        {say('fromService', { stored, zone })}
      </p>
    );
  return (
    <p className="alert alert-info" role="status">
      {sayNodes(
        'partialList',
        { why: { text: origin.source === 'stored-part-busy' ? 'busy' : 'down' }, noun: { text: noun }, stored },
        { label: <strong>Partial list:</strong> },
      )}
    </p>
  );
}
