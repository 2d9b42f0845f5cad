import type { AppliedRate } from '@/lib/all-shops/all-shops';
import { say } from './messages';

export interface RateLabelProps {
  rates: readonly AppliedRate[];
  missingDays: { from: string; to: string } | null;
  currency: string;
  target: string;
  demoRateIds: readonly string[];
}

/**
 * The rates a shop's days were converted at: "1 GBP = 1.27 USD · from 1 Jan 2025", one line per
 * rate with the days it applied to when the range used more than one, "same currency", or the
 * days without a rate, said plainly.
 */
export function RateLabel({ rates, missingDays, currency, target, demoRateIds }: RateLabelProps) {
  if (missingDays) {
    return (
      <span className="badge badge-warning">
        {say('rateMissing', { currency: { text: currency }, target: { text: target }, days: { days: missingDays } })}
      </span>
    );
  }
  if (rates.every((r) => r.identity)) return <span className="muted">same currency</span>;
  return (
    <span className="rate-label">
      {rates.map((rate) => (
        <span key={`${rate.id}:${rate.usedFrom}`} className="rate-used">
          <span className="nowrap">
            1 {currency} = {rate.rate} {target}
          </span>{' '}
          <span className="muted nowrap">{say('rateFrom', { day: { day: rate.fromDay } })}</span>
          {rates.length > 1 ? (
            <span className="muted nowrap">
              {' · '}
              {say('rateUsedFor', { days: { days: { from: rate.usedFrom, to: rate.usedTo } } })}
            </span>
          ) : null}
          {rate.id && demoRateIds.includes(rate.id) ? <span className="badge badge-info">demo rate</span> : null}
        </span>
      ))}
    </span>
  );
}
