'use client';

import { formatCount } from '@/lib/format/money';
import { formatDayRange } from '@/lib/format/time';
import type { RangeCoverage, SyncProgress } from '@/lib/sync/progress';

export interface SyncStatusProps {
  sync: SyncProgress;
  coverage: RangeCoverage;
  timeZone: string;
}

function ago(ms: number | null): string {
  if (ms === null) return 'never';
  const minutes = Math.round((Date.now() - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : new Date(ms).toLocaleString();
}

function eta(seconds: number | null): string {
  if (seconds === null) return 'estimating…';
  if (seconds < 60) return `about ${Math.max(1, seconds)} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}

/** What the running sync is doing for this page: its range, an earlier period, or recent days. */
export function runningLabel(sync: Pick<SyncProgress, 'range'>, coverage: Pick<RangeCoverage, 'complete' | 'from'>): string {
  if (!coverage.complete) return 'Syncing orders for this range';
  // The overview's comparison period, or a range another page asked for.
  if (sync.range && sync.range.to < coverage.from) return `Syncing ${formatDayRange(sync.range.from, sync.range.to)} for comparison`;
  return 'Refreshing recent days';
}

/** Sync progress with its ETA while it runs, and "last synced" always. */
export function SyncStatus({ sync, coverage, timeZone }: SyncStatusProps) {
  // The first answer after a sync starts may not have a saved job yet: an incomplete range is syncing.
  const running = (sync.running && sync.state !== 'failed') || (!coverage.complete && sync.state !== 'failed');
  const percent = sync.pagesTotal > 0 ? Math.min(100, Math.round((sync.pagesDone / sync.pagesTotal) * 100)) : 0;
  return (
    <div className="sync-status" role="status" aria-live="polite">
      {running ? (
        <div>
          <label htmlFor="sync-progress" className="label">
            {runningLabel(sync, coverage)}
          </label>
          <progress id="sync-progress" max={100} value={percent} style={{ width: '100%' }} aria-valuetext={`${percent}% synced`} />
          <p className="muted" style={{ margin: 0 }}>
            {sync.pagesTotal === 0 ? (
              'Starting: asking the Reporting Service how many pages there are…'
            ) : (
              <>
                {formatCount(sync.pagesDone)} of {sync.pagesTotalKnown ? '' : '~'}
                {formatCount(sync.pagesTotal)} pages · {formatCount(sync.ordersStored)} orders stored ·{' '}
                {sync.requestsPerMinute.toFixed(0)} requests/min · {eta(sync.etaSeconds)}
              </>
            )}
          </p>
        </div>
      ) : null}
      {sync.state === 'failed' && !running ? (
        <p className="alert alert-warning" style={{ margin: 0 }}>
          The last sync stopped: {sync.error ?? 'unknown error'}. It resumes where it stopped the next time the page loads.
        </p>
      ) : null}
      <p className="muted" style={{ margin: 0 }}>
        Last synced: <strong>{ago(sync.lastSyncedAt)}</strong> · {formatCount(coverage.daysSynced)} of {formatCount(coverage.daysTotal)}{' '}
        days of this range stored · {timeZone}
      </p>
    </div>
  );
}
