'use client';

import { useState } from 'react';
import { useNow } from './use-now';
import { formatShopDateTime } from '@/lib/time/dates';
import { formatAsOf } from '@/lib/format/time';
import type { SentenceValue } from '@/lib/format/sentence';
import type { RangeCoverage, SyncProgress } from '@/lib/sync/progress';
import { say, sayNodes } from './messages';

export interface SyncStatusProps {
  sync: SyncProgress;
  coverage: RangeCoverage;
  /** The shop's zone: every time shown is the shop's, as every date of the dashboard is. */
  timeZone: string;
  /** Retries a failed sync at once (POST /sync with retry). */
  onRetry?: () => Promise<void>;
}

// Minutes are written as before, digits without grouping (an ETA or a retry past 999 minutes
// would otherwise change its en-US words); seconds stay under 90, so a count writes them alike.

/** When a failed sync is tried again by itself, for resumesAt: "in 25 s", "in 2 min", "soon", and at what time. */
function retryValues(retryAt: number, now: number | null, timeZone: string): Record<string, SentenceValue> {
  const time = { text: formatShopDateTime(Math.floor(retryAt / 1000), timeZone).slice(11) };
  if (now === null) return { wait: { text: 'soon' }, time };
  const seconds = Math.max(1, Math.round((retryAt - now) / 1000));
  return seconds < 90
    ? { wait: { text: 'seconds' }, n: { count: seconds }, time }
    : { wait: { text: 'minutes' }, n: { text: String(Math.round(seconds / 60)) }, time };
}

/** Why the last sync stopped, or that its reason was not recorded. */
function stoppedSentence(error: string | null | undefined): string {
  return error === null || error === undefined ? say('stoppedNoReason') : say('stopped', { error: { text: error } });
}

/** The time a read has left, for the pages line: "about 20 s left", "about 3 min left", "estimating…". */
function etaValues(seconds: number | null): Record<string, SentenceValue> {
  if (seconds === null) return { eta: { text: 'unknown' } };
  if (seconds < 60) return { eta: { text: 'seconds' }, left: { count: Math.max(1, seconds) } };
  return { eta: { text: 'minutes' }, left: { text: String(Math.ceil(seconds / 60)) } };
}

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
  const why = sync.why === 'range' && !own ? 'another' : (sync.why ?? 'range');
  return say('reading', { range: { days: { from: sync.range.from, to: sync.range.to } }, why: { text: why } });
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
          {say('thisRangeWaiting', {
            range: { days: { from: coverage.from, to: coverage.to } },
            stored: { count: coverage.daysStored },
            total: { count: coverage.daysTotal },
          })}
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
            aria-valuetext={say('synced', { percent: { count: percent } })}
          />
          <p className="muted" style={{ margin: 0 }}>
            {sync.pagesTotal === 0
              ? 'Starting: asking the Reporting Service how many pages there are…'
              : say('pages', {
                  done: { count: sync.pagesDone },
                  estimate: { text: sync.pagesTotalKnown ? 'no' : 'yes' },
                  total: { count: sync.pagesTotal },
                  orders: { count: sync.ordersStored },
                  rate: { decimal: sync.requestsPerMinute, fixed: 0 },
                  ...etaValues(sync.etaSeconds),
                })}
          </p>
        </div>
      ) : null}
      {sync.state === 'failed' && !running ? (
        <div className="alert alert-warning sync-failed" style={{ margin: 0 }}>
          <p style={{ margin: 0 }}>
            {stoppedSentence(sync.error)}{' '}
            {!sync.retryAt
              ? say('resumes')
              : now !== null && sync.retryAt <= now
                ? say('resumesNextCheck')
                : say('resumesAt', retryValues(sync.retryAt, now, timeZone))}
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
          {sayNodes(
            'storedLine',
            { stored: { count: coverage.daysStored }, total: { count: coverage.daysTotal }, zone: { text: timeZone } },
            { figures: <Freshness coverage={coverage} timeZone={timeZone} now={now} /> },
          )}
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
    return sayNodes(
      'figuresByPart',
      {},
      {
        today: <strong>{formatAsOf(todayReadAt, timeZone, now)}</strong>,
        before: <strong>{formatAsOf(syncedAt, timeZone, now)}</strong>,
      },
    );
  return sayNodes('figuresAsOf', {}, { asOf: <strong>{formatAsOf(latestReadAt, timeZone, now)}</strong> });
}

/** The mark next to figures computed over part of the range (shown until every day is stored). */
export function PartialNotice({ coverage }: { coverage: RangeCoverage }) {
  return (
    <p className="alert alert-info" role="note" style={{ margin: 0 }}>
      {sayNodes(
        'partial',
        { stored: { count: coverage.daysStored }, total: { count: coverage.daysTotal } },
        { label: <strong>Partial figures, still reading this range:</strong> },
      )}
    </p>
  );
}
