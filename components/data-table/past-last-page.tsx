'use client';

import { EmptyState } from '@/components/states/empty-state';
import { say } from './messages';

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
      title={say('pastLastPage', { page: { count: page } })}
      reason={say('pastLastPageReason', {
        total: { count: total },
        noun: { text: noun },
        limit: { count: limit },
        last: { count: last },
      })}
      action={
        <button type="button" className="btn" onClick={() => onGoTo(last)}>
          {say('goToPage', { page: { count: last } })}
        </button>
      }
    />
  );
}
