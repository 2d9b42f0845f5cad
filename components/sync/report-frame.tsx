'use client';

import type { ReactNode } from 'react';
import { EmptyState } from '@/components/states/empty-state';
import { ErrorState } from '@/components/states/error-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { LongReadAsk } from './long-read-ask';
import { say } from './messages';
import { PartialNotice, SyncStatus } from './sync-status';
import type { useReportQuery } from './use-report-query';

export interface ReportFrameProps<R> {
  query: ReturnType<typeof useReportQuery<R>>;
  /** What the card shows, for the loading sentence: "the overview", "SKU profit". */
  what: string;
  /** Whether the report has nothing to show (no order, no refund). */
  isEmpty?: (report: R) => boolean;
  /** The empty state of a range that is fully stored; while it is not, the frame says it is still reading. */
  empty?: (envelope: ReportEnvelope<R>) => ReactNode;
  children: (report: R, envelope: ReportEnvelope<R>) => ReactNode;
}

/**
 * Every report card's states in one place, in one order: the sync's status, then an error, the first
 * load, a range still being read, and the report (marked partial with its coverage until every day is
 * stored). A card never says "nothing here" for a range it has not read to the end.
 */
export function ReportFrame<R>({ query, what, isEmpty, empty, children }: ReportFrameProps<R>) {
  const data = query.data as ReportEnvelope<R> | undefined;
  const report = data?.report ?? null;
  return (
    <>
      {data ? (
        <SyncStatus
          sync={data.sync}
          coverage={data.coverage}
          timeZone={data.range.timeZone}
          onRetry={query.retrySync}
        />
      ) : null}
      <LongReadAsk ask={query.longRead} />
      {query.isError && !data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <LoadingSkeleton label={`Loading ${what}…`} />
      ) : data.coverage.daysTotal === 0 ? (
        // Every day of the range is after the shop's today: nothing is read, and "no orders" would
        // read as a fact about days that have not happened.
        <EmptyState
          title="This range is in the future"
          reason={say('futureRange', {
            range: { days: { from: data.range.from, to: data.range.to } },
            zone: { text: data.range.timeZone },
          })}
        />
      ) : !report ? (
        <LoadingSkeleton label={`Reading this range; ${what} appears as its days are stored…`} rows={4} />
      ) : isEmpty?.(report) ? (
        data.partial ? (
          <StillReading envelope={data} />
        ) : (
          empty?.(data)
        )
      ) : (
        <>
          {data.partial ? <PartialNotice coverage={data.coverage} /> : null}
          {children(report, data)}
        </>
      )}
    </>
  );
}

/** A range with nothing counted yet while it is being read: progress, never "no orders". */
function StillReading({ envelope }: { envelope: ReportEnvelope<unknown> }) {
  const { coverage, range } = envelope;
  return (
    <EmptyState
      title="Still reading this range"
      reason={say('stillReading', {
        stored: { count: coverage.daysStored },
        total: { count: coverage.daysTotal },
        range: { days: { from: range.from, to: range.to } },
      })}
    />
  );
}
