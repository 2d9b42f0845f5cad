'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/endpoints/client';
import { dashboardKeys } from './keys';

/**
 * The jump-to's SKUs and orders for `q` in the shop (none asked for below two characters); the
 * previous answer stays on screen while the next one is read, so the list does not flicker as
 * the person types.
 */
export function useJumpQuery(
  shopId: string | undefined,
  query: { q: string; range?: string; from?: string; to?: string },
) {
  return useQuery({
    queryKey: dashboardKeys.jump(shopId ?? '', query),
    queryFn: ({ signal }) =>
      callApi('GET shops/[shopId]/jump', { params: { shopId: shopId ?? '' }, query }, { signal }),
    enabled: Boolean(shopId) && query.q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
