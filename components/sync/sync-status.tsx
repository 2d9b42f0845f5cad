'use client';

import { useState } from 'react';
import { useNow } from './use-now';
import { formatShopDateTime } from '@/lib/time/dates';
import { formatCount, formatDecimal } from '@/lib/format/money';
import { formatAsOf, formatDayRange } from '@/lib/format/time';
import type { RangeCoverage, SyncProgress } from '@/lib/sync/progress';

export interface SyncStatusProps {
  sync: SyncProgress;
  coverage: RangeCoverage;
  /** The shop's zone: every time shown is the shop's, as every date of the dashboard is. */
  timeZone: string;
  /** Retries a failed sync at once (POST /sync with retry). */
  onRetry?: () => Promise<void>;
}

/** "in 25 s", "in 2 min": how long until a failed sync is tried again by itself. */
function inTime(ms: number, now: number): string {
  const seconds = Math.max(1, Math.round((ms - now) / 1000));
  return seconds < 90 ? `in ${seconds} s` : `in ${Math.round(seconds / 60)} min`;
}

function eta(seconds: number | null): string {
  if (seconds === null) return 'estimating…';
  if (seconds < 60) return `about ${Math.max(1, seconds)} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}

/** Why a read runs, in the seller's words (lib/store/jobs READ_REASONS). */
const READ_WORDS: Record<NonNullable<SyncProgress['why']>, string> = {
  range: 'the range you opened',
  comparison: 'the period before, for the comparison',
  today: "today's refresh",
  settlement: 'the settlement check',
  reconcile: 'a month whose count changed',
};

/**
 * What the running read is doing, named by its own range and why: a read of another range (one
 * opened earlier, the comparison) never shows under this range's words.
 */
/** Whether the running read is this range's own (the job's range ends today at the latest: the future holds no orders). */
function readsOwnRange(sync: Pick<SyncProgress, 'range'>, coverage: Pick<RangeCoverage, 'from' | 'to'>): boolean {
  return !sync.range || (sync.range.from === coverage.from && sync.range.to <= coverage.to);
}

function runningLabel(sync: Pick<SyncProgress, 'range' | 'why'>, coverage: Pick<RangeCoverage, 'from' | 'to'>): string {
  if (!sync.range) return 'Starting to read this range';
  const own = readsOwnRange(sync, coverage);
  const why = sync.why === 'range' && !own ? 'another range opened in the dashboard' : READ_WORDS[sync.why ?? 'range'];
  return `Reading ${formatDayRange(sync.range.from, sync.range.to)}: ${why}`;
}

/**
 * Sync progress with its ETA while it runs; always how much of this range is stored and when this
 * range's data was read (not the shop's latest sync of some other range).
 */
export function SyncStatus({ sync, coverage, timeZone, onRetry }: SyncStatusProps) {
  const [retrying, setRetrying] = useState(false);
  const now = useNow(5_000);
  // A finished read leaves no bar: only a read that runs now has one (the days-stored line below says the rest).
  const running = sync.running && sync.state !== 'failed';
  const percent = sync.pagesTotal > 0 ? Math.min(100, Math.round((sync.pagesDone / sync.pagesTotal) * 100)) : 0;
  // The page's own range first: while another read runs and this range is not stored, it says so above that read's bar.
  const waiting = running && !readsOwnRange(sync, coverage) && !coverage.complete && coverage.daysTotal > 0;
  return (
    <div className="sync-status" role="status" aria-live="polite">
      {waiting ? (
        <p className="label" style={{ margin: 0 }}>
          This range, {formatDayRange(coverage.from, coverage.to)}: {formatCount(coverage.daysStored)} of{' '}
          {formatCount(coverage.daysTotal)} days stored; the rest is read when the read below ends.
        </p>
      ) : null}
      {running ? (
        <div>
          <label htmlFor="sync-progress" className="label">
            {runningLabel(sync, coverage)}
          </label>
          <progress
            id="sync-progress"
            max={100}
            value={percent}
            style={{ width: '100%' }}
            aria-valuetext={`${percent}% synced`}
          />
          <p className="muted" style={{ margin: 0 }}>
            {sync.pagesTotal === 0 ? (
              'Starting: asking the Reporting Service how many pages there are…'
            ) : (
              <>
                {formatCount(sync.pagesDone)} of {sync.pagesTotalKnown ? '' : '~'}
                {formatCount(sync.pagesTotal)} pages · {formatCount(sync.ordersStored)} orders stored ·{' '}
                {formatDecimal(sync.requestsPerMinute, 0)} requests/min · {eta(sync.etaSeconds)}
              </>
            )}
          </p>
        </div>
      ) : null}
      {sync.state === 'failed' && !running ? (
        <div className="alert alert-warning sync-failed" style={{ margin: 0 }}>
          <p style={{ margin: 0 }}>
            The last sync stopped: {sync.error ?? 'the reason was not recorded'}.{' '}
            {sync.retryAt
              ? `It resumes where it stopped by itself ${now !== null && sync.retryAt <= now ? 'with the next check, in a few seconds' : `${now === null ? 'soon' : inTime(sync.retryAt, now)}, at ${formatShopDateTime(Math.floor(sync.retryAt / 1000), timeZone).slice(11)}`}.`
              : 'It resumes where it stopped by itself.'}
          </p>
          {onRetry ? (
            <button
              type="button"
              className="btn"
              disabled={retrying}
              onClick={() => {
                setRetrying(true);
                void onRetry().finally(() => setRetrying(false));
              }}
            >
              {retrying ? 'Retrying…' : 'Retry now'}
            </button>
          ) : null}
        </div>
      ) : null}
      {(sync.notices ?? []).map((notice) => (
        <p key={notice} className="alert alert-warning" style={{ margin: 0 }}>
          {notice}
        </p>
      ))}
      {coverage.daysTotal === 0 ? (
        // A range wholly after today: no day to read, so no "0 of 0 days stored".
        <p className="muted" style={{ margin: 0 }}>
          No day of this range has begun yet, so nothing is read · times in {timeZone}
        </p>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          <Freshness coverage={coverage} timeZone={timeZone} now={now} /> (when this range&apos;s data was read from the
          Reporting Service) · {formatCount(coverage.daysStored)} of {formatCount(coverage.daysTotal)} days of this
          range stored · times in {timeZone}
        </p>
      )}
    </div>
  );
}

/** Today is read again every few minutes, the days before far less often: a minute apart is worth saying. */
const PARTS_DIFFER_MS = 60_000;

/**
 * "Figures as of …": the newest read of the figures shown, and each part's own time when today's
 * orders were read later than the days before them (never the oldest read as the figures' time).
 */
function Freshness({ coverage, timeZone, now }: { coverage: RangeCoverage; timeZone: string; now: number | null }) {
  const { latestReadAt, todayReadAt, syncedAt } = coverage;
  if (latestReadAt === null)
    return (
      <>
        Figures <strong>not read yet</strong>
      </>
    );
  if (todayReadAt !== null && syncedAt !== null && todayReadAt - syncedAt >= PARTS_DIFFER_MS)
    return (
      <>
        Figures of today <strong>{formatAsOf(todayReadAt, timeZone, now)}</strong>, of the days before{' '}
        <strong>{formatAsOf(syncedAt, timeZone, now)}</strong>
      </>
    );
  return (
    <>
      Figures <strong>{formatAsOf(latestReadAt, timeZone, now)}</strong>
    </>
  );
}

/** The mark next to figures computed over part of the range (shown until every day is stored). */
export function PartialNotice({ coverage }: { coverage: RangeCoverage }) {
  return (
    <p className="alert alert-info" role="note" style={{ margin: 0 }}>
      <strong>Partial figures, still reading this range:</strong> {formatCount(coverage.daysStored)} of{' '}
      {formatCount(coverage.daysTotal)} days are stored completely (the most recent first). Every figure below counts
      those days alone (their orders, refunds and your own costs), and grows as each further day is stored.
    </p>
  );
}
