'use client';

import { useQuery } from '@tanstack/react-query';
import { refundsQueryOptions } from './options';

/** Every refund day of the range (the server splits ranges over 366 days). */
export function useRefundsQuery(shopId: string | null, query: string) {
  return useQuery({ ...refundsQueryOptions(shopId ?? '', query), enabled: Boolean(shopId) });
}
