'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { productsQueryOptions } from './options';
import type { ProductsApiQuery } from './keys';

/** One page of the catalog; the previous page stays on screen while the next one loads. */
export function useProductsQuery(shopId: string | null, query: ProductsApiQuery) {
  return useQuery({
    ...productsQueryOptions(shopId ?? '', query),
    enabled: Boolean(shopId),
    placeholderData: keepPreviousData,
  });
}
