'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BooksState, MonthAdjustments, MonthFacts } from '@/lib/reports/books-schemas';
import { fetchJson } from '@/lib/api/fetch-json';
import { shopApiPath } from '@/lib/api/paths';
import { dashboardKeys } from './keys';

// The shop's books (closed months) for the P&L by month: the state, the itemised adjustments of
// the first open month, and closing or reopening a month (every report of the shop is asked again).

/** `stored`: whether the page's range is fully stored now (asked again when it becomes so: the month to close may then be). */
export function useBooksQuery(shopId: string, stored: boolean) {
  return useQuery({
    queryKey: [...dashboardKeys.books(shopId), { stored }],
    queryFn: ({ signal }) => fetchJson<BooksState>(shopApiPath(shopId, 'books'), { signal }),
  });
}

export function useAdjustmentsQuery(shopId: string, month: string | null) {
  return useQuery({
    queryKey: [...dashboardKeys.books(shopId), 'adjustments', month],
    queryFn: ({ signal }) =>
      fetchJson<MonthAdjustments>(shopApiPath(shopId, 'books/adjustments', `month=${month}`), { signal }),
    enabled: month !== null,
  });
}

/** A month as the close dialog shows it (its own figures, whatever the page's range), under the view's switches for a first close. */
export function useMonthFactsQuery(
  shopId: string,
  month: string | null,
  view: { cancelled: string; samples: string; costs: string },
) {
  const query = `cancelled=${view.cancelled}&samples=${view.samples}&costs=${view.costs}`;
  return useQuery({
    queryKey: [...dashboardKeys.books(shopId), 'month', month, view],
    queryFn: ({ signal }) => fetchJson<MonthFacts>(shopApiPath(shopId, `books/months/${month}`, query), { signal }),
    enabled: month !== null,
  });
}

export type BooksWrite =
  | { action: 'close'; month: string; view: { cancelled: string; samples: string; costs: string } }
  | { action: 'reopen'; month: string; reason: string };

export function useBooksWrite(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (w: BooksWrite) =>
      fetchJson<BooksState>(shopApiPath(shopId, `books/months/${w.month}/${w.action}`), {
        method: 'POST',
        body: w.action === 'close' ? w.view : { reason: w.reason },
      }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: dashboardKeys.books(shopId) }),
        client.invalidateQueries({ queryKey: dashboardKeys.reports(shopId) }),
      ]);
    },
  });
}
