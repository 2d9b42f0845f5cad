'use client';

import { useQuery } from '@tanstack/react-query';
import { refundsQueryOptions } from './options';
import type { RefundsApiQuery } from './keys';

/**
 * Every refund day of the range (the server splits ranges over 366 days); asked again every few
 * seconds while the store does not hold the range, so the view fills in as the sync reads it.
 */
export function useRefundsQuery(shopId: string | null, query: RefundsApiQuery) {
  return useQuery({
    ...refundsQueryOptions(shopId ?? '', query),
    enabled: Boolean(shopId),
    refetchInterval: (q) => (q.state.data && q.state.data.source !== 'store' ? 5_000 : false),
  });
}
