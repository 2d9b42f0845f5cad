'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { dashboardKeys } from './keys';
import type { ProductsData } from '@/lib/api/schemas';
import { shopApiPath } from '@/lib/api/paths';

export function useProductsQuery(shopId: string | null, query: string) {
  return useQuery({
    queryKey: dashboardKeys.products(shopId ?? '', query),
    queryFn: ({ signal }) =>
      fetchJson<ProductsData>(shopApiPath(shopId ?? '', 'products', query), {
        signal,
      }),
    enabled: Boolean(shopId),
    placeholderData: keepPreviousData,
  });
}
