'use client';

import { useQuery } from '@tanstack/react-query';
import { shopsQueryOptions } from './options';

/** Every shop of the configured key; the picker filters this short list as the user types. */
export function useShopsQuery() {
  return useQuery(shopsQueryOptions());
}
