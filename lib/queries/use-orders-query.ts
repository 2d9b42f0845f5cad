'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersQueryOptions } from './options';

/** One page of orders; the previous page stays on screen while the next one loads. */
export function useOrdersQuery(shopId: string | null, query: string) {
  return useQuery({
    ...ordersQueryOptions(shopId ?? '', query),
    enabled: Boolean(shopId),
    placeholderData: keepPreviousData,
  });
}
