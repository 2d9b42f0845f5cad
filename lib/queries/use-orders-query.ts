'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersQueryOptions } from './options';
import type { OrdersApiQuery } from './keys';

/**
 * One page of orders; the previous page stays on screen while the next one loads. While the store
 * does not hold the range yet (the page came from the upstream, or is the stored part alone), it
 * is asked again every few seconds, so the page fills in as the sync reads the range.
 */
export function useOrdersQuery(shopId: string | null, query: OrdersApiQuery) {
  return useQuery({
    ...ordersQueryOptions(shopId ?? '', query),
    enabled: Boolean(shopId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && q.state.data.source !== 'store' ? 5_000 : false),
  });
}
