'use client';

import { useQuery } from '@tanstack/react-query';
import { yourCostsQueryOptions } from './options';

/** Every cost input of the shop, its history and its SKUs (the "Your costs" page). */
export function useCostsQuery(shopId: string) {
  return useQuery(yourCostsQueryOptions(shopId));
}
