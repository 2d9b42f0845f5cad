'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiBody } from '@/lib/endpoints/client';
import { dashboardKeys } from './keys';

/** The switches and cost view a first close fixes as the books' basis (the close's body, the month's query). */
type BooksBasis = ApiBody<'POST shops/[shopId]/books/months/[month]/close'>;

// The shop's books (closed months) for the P&L by month: the state, the itemised adjustments of
// the first open month, and closing or reopening a month (every report of the shop is asked again).

/** `stored`: whether the page's range is fully stored now (asked again when it becomes so: the month to close may then be). */
export function useBooksQuery(shopId: string, stored: boolean) {
  return useQuery({
    queryKey: [...dashboardKeys.books(shopId), { stored }],
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/books', { params: { shopId } }, { signal }),
  });
}

export function useAdjustmentsQuery(shopId: string, month: string | null) {
  return useQuery({
    queryKey: [...dashboardKeys.books(shopId), 'adjustments', month],
    queryFn: ({ signal }) =>
      callApi('GET shops/[shopId]/books/adjustments', { params: { shopId }, query: { month } }, { signal }),
    enabled: month !== null,
  });
}

/** A month as the close dialog shows it (its own figures, whatever the page's range), under the view's switches for a first close. */
export function useMonthFactsQuery(shopId: string, month: string | null, view: BooksBasis) {
  return useQuery({
    queryKey: [...dashboardKeys.books(shopId), 'month', month, view],
    queryFn: ({ signal }) =>
      callApi(
        'GET shops/[shopId]/books/months/[month]',
        { params: { shopId, month: month! }, query: view },
        { signal },
      ),
    enabled: month !== null,
  });
}

export type BooksWrite =
  { action: 'close'; month: string; view: BooksBasis } | { action: 'reopen'; month: string; reason: string };

export function useBooksWrite(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (w: BooksWrite) =>
      w.action === 'close'
        ? callApi('POST shops/[shopId]/books/months/[month]/close', {
            params: { shopId, month: w.month },
            body: w.view,
          })
        : callApi('POST shops/[shopId]/books/months/[month]/reopen', {
            params: { shopId, month: w.month },
            body: { reason: w.reason },
          }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: dashboardKeys.books(shopId) }),
        client.invalidateQueries({ queryKey: dashboardKeys.reports(shopId) }),
      ]);
    },
  });
}
