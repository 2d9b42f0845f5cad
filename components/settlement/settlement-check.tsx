'use client';

import { errorCopy } from '@/components/states/error-copy';
import type { SettlementCheck } from '@/lib/reports/settlement-report';
import { useSettlementCheck } from '@/lib/queries/use-settlement-check';
import { say } from './messages';

function outcome(check: SettlementCheck): string {
  if (check.state === 'busy') return 'The shop is syncing right now: check again once it is done.';
  const days = check.changedDays.length;
  if (days === 0) return 'No order settled since the last check.';
  if (check.state === 'failed')
    return say('checkFailed', { days: { count: days }, error: { text: check.error ?? 'try again.' } });
  return say('checkSettled', { days: { count: days } });
}

/**
 * "Check settlements now": the refresh policy checks settlements by itself now and then; a seller
 * who expects a payout asks at once. The answer is shown once the days that changed were read
 * again and the page's figures were asked again (useSettlementCheck), so it never sits over old figures.
 */
export function SettlementCheckButton({ shopId }: { shopId: string }) {
  const check = useSettlementCheck(shopId);
  return (
    <div className="settle-check">
      <button type="button" className="btn" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? 'Checking settlements…' : 'Check settlements now'}
      </button>
      <p className="muted note" role="status" aria-live="polite">
        {check.isError ? errorCopy(check.error).message : check.data ? outcome(check.data) : ''}
      </p>
    </div>
  );
}
