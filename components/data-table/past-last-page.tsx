'use client';

import { EmptyState } from '@/components/states/empty-state';
import { formatCount } from '@/lib/format/money';

export interface PastLastPageProps {
  page: number;
  limit: number;
  total: number;
  /** Plural noun of what is paged ("orders", "products"). */
  noun: string;
  onGoTo: (page: number) => void;
}

/** The last page number for a total (at least 1). */
export function lastPageOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/**
 * An old link or a shrinking list can point past the end. That is not "nothing matches": the
 * seller is told how far the list goes and taken to its last page in one click.
 */
export function PastLastPage({ page, limit, total, noun, onGoTo }: PastLastPageProps) {
  const last = lastPageOf(total, limit);
  return (
    <EmptyState
      title={`Page ${formatCount(page)} is past the end of the list`}
      reason={`There are ${formatCount(total)} ${noun} at ${limit} per page: the last page is ${formatCount(last)}.`}
      action={
        <button type="button" className="btn" onClick={() => onGoTo(last)}>
          Go to page {formatCount(last)}
        </button>
      }
    />
  );
}
