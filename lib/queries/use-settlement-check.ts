'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { shopApiPath } from '@/lib/api/paths';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import { dashboardKeys } from './keys';

/**
 * "Check settlements now" (POST /settlement/check): the server re-reads the days whose orders
 * settled before it answers, so every report of the shop is asked again at once. The write stays
 * pending until they are, so the sentence and the new figures appear together.
 */
export function useSettlementCheck(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<SettlementCheck>(shopApiPath(shopId, 'settlement/check'), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.reports(shopId) }),
  });
}
