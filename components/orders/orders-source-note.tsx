import type { OrdersData } from '@/lib/api/schemas';
import { formatAsOf } from '@/lib/format/time';
import { formatCount } from '@/lib/format/money';

/**
 * Where the orders on screen come from and how fresh they are: the dashboard's store "as of 14:02",
 * the Reporting Service just now (a range not stored yet), or, when the service could not answer
 * in time, the orders stored so far, said plainly, while the sync reads the rest.
 */
export function OrdersSourceNote({ data }: { data: OrdersData }) {
  const timeZone = data.range.timeZone;
  const stored = data.coverage
    ? `${formatCount(data.coverage.daysStored)} of ${formatCount(data.coverage.daysTotal)} days of this range are stored`
    : 'nothing of this range is stored yet';
  if (data.source === 'store')
    return (
      <p className="muted source-note" role="status">
        From the dashboard&apos;s store, {data.asOf === null ? 'being read' : formatAsOf(data.asOf, timeZone)} · times
        in {timeZone}
      </p>
    );
  if (data.source === 'upstream')
    return (
      <p className="muted source-note" role="status">
        Read from the Reporting Service just now ({stored}; the store fills in by itself) · times in {timeZone}
      </p>
    );
  const reason =
    data.source === 'stored-part-waited'
      ? 'The Reporting Service is busy right now (its requests per minute are spent)'
      : 'The Reporting Service is not responding right now';
  return (
    <p className="alert alert-info" role="status">
      <strong>Partial list:</strong> {reason}, so this shows the orders stored so far: {stored}. The rest appears here
      as the sync reads it; this page checks again every few seconds.
    </p>
  );
}
