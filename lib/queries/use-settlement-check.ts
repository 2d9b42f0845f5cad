'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/endpoints/client';
import type { ReportFrame } from '@/lib/reports/envelope';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import { dashboardKeys } from './keys';

/** How often the page asks the sync status while a long re-read goes on after the server stopped waiting. */
const REREAD_POLL_MS = 2_000;

/** The check's answer once its re-read is over: a `rereading` answer is followed on the shop's sync status. */
async function checkSettlements(shopId: string): Promise<SettlementCheck> {
  const check = await callApi('POST shops/[shopId]/settlement/check', { params: { shopId } });
  if (check.state !== 'rereading') return check;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, REREAD_POLL_MS));
    // The sync status has no declared schema yet: its frame's type says what it carries.
    const { sync } = (await callApi('GET shops/[shopId]/sync', { params: { shopId } })) as Pick<ReportFrame, 'sync'>;
    if (sync.running) continue;
    return sync.state === 'failed' ? { ...check, state: 'failed', error: sync.error } : { ...check, state: 'checked' };
  }
}

/**
 * "Check settlements now" (POST /settlement/check): the server answers once the days whose orders
 * settled are read again (or says it is still reading them, and this waits for the sync), then every
 * report of the shop is asked again. The write stays pending until they are, so the sentence and the
 * new figures appear together, never the sentence over the old figures.
 */
export function useSettlementCheck(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => checkSettlements(shopId),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.reports(shopId) }),
  });
}
