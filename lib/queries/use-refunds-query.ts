'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { dashboardKeys } from './keys';
import type { RefundsData } from '@/lib/api/schemas';
import { shopApiPath } from '@/lib/api/paths';

/** Every refund day of the range (the server splits ranges over 366 days). */
export function useRefundsQuery(shopId: string | null, query: string) {
  return useQuery({
    queryKey: dashboardKeys.refunds(shopId ?? '', query),
    queryFn: ({ signal }) =>
      fetchJson<RefundsData>(shopApiPath(shopId ?? '', 'refunds', query), {
        signal,
      }),
    enabled: Boolean(shopId),
  });
}
