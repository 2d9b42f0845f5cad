'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { dashboardKeys } from './keys';
import type { OrdersData } from '@/lib/api/schemas';
import { shopApiPath } from '@/lib/api/paths';

/** One page of orders; the previous page stays on screen while the next one loads. */
export function useOrdersQuery(shopId: string | null, query: string) {
  return useQuery({
    queryKey: dashboardKeys.orders(shopId ?? '', query),
    queryFn: ({ signal }) =>
      fetchJson<OrdersData>(shopApiPath(shopId ?? '', 'orders', query), {
        signal,
      }),
    enabled: Boolean(shopId),
    placeholderData: keepPreviousData,
  });
}
