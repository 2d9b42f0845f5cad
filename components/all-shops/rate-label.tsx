import type { AppliedRate } from '@/lib/portfolio/portfolio';
import { formatDay } from '@/lib/format/time';

export interface RateLabelProps {
  rate: AppliedRate | null;
  currency: string;
  target: string;
  demo: boolean;
}

/** "1 GBP = 1.27 USD · from 1 Jan 2025", "same currency", or the missing rate, said plainly. */
export function RateLabel({ rate, currency, target, demo }: RateLabelProps) {
  if (!rate) {
    return (
      <span className="badge badge-warning">
        No {currency}→{target} rate: left out of the totals
      </span>
    );
  }
  if (rate.identity) return <span className="muted">same currency</span>;
  return (
    <span className="rate-label">
      <span className="nowrap">
        1 {currency} = {rate.rate} {target}
      </span>{' '}
      <span className="muted nowrap">from {formatDay(rate.fromDay)}</span>
      {demo ? <span className="badge badge-info">demo rate</span> : null}
    </span>
  );
}
