'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { dashboardKeys } from './keys';
import type { ShopsData } from '@/lib/api/schemas';

/** Every shop of the configured key; the picker filters this short list as the user types. */
export function useShopsQuery() {
  return useQuery({
    queryKey: dashboardKeys.shops(),
    queryFn: ({ signal }) => fetchJson<ShopsData>('/api/dashboard/shops', { signal }),
    staleTime: 5 * 60_000,
  });
}
