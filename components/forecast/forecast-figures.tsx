'use client';

import { Money } from '@/components/money/money';
import { formatMoney, formatPercent } from '@/lib/format/money';
import type { ForecastSummary } from '@/lib/reports/settlement-apply';

export interface ForecastFiguresProps {
  forecast: ForecastSummary;
  currency: string;
}

const signed = (cents: number, currency: string) => formatMoney(cents, currency, { signAlways: true });

/** The expected settled figure and its band, under a total's own figure (inside its `<dl>` card). */
export function ForecastLine({ forecast, currency }: ForecastFiguresProps) {
  return (
    <dd className="kpi-change">
      Forecast after settlement: <Money cents={forecast.expectedNetProfit} currency={currency} tone />{' '}
      <span className="muted">
        (band {formatMoney(forecast.low, currency)} – {formatMoney(forecast.high, currency)})
      </span>
    </dd>
  );
}

/** What the forecast is: how much is still open and what its costs are expected to move by. */
export function ForecastNote({ forecast, currency }: ForecastFiguresProps) {
  // No sales counted (yet): nothing to forecast, and nothing to say about it.
  if (forecast.openShare === null) return null;
  if (forecast.openNetSales === 0)
    return (
      <p className="muted note">
        Forecast: every order of this range is settled, so its figures are final and there is nothing to forecast.
      </p>
    );
  const { drift } = forecast;
  return (
    <p className="muted note">
      <strong>Forecast, not settled figures:</strong> {formatPercent(forecast.openShare)} of net sales is from orders
      not settled yet. Their fees, shipping and commission are expected to move net profit by{' '}
      {signed(drift.platform_fees, currency)} (fees), {signed(drift.shipping, currency)} (shipping) and{' '}
      {signed(drift.affiliate_commission, currency)} (commission), learned from your settled orders. The band spreads
      single orders’ change at settlement (the middle 8 in 10 of them) over all open sales, so it is wide on purpose.
    </p>
  );
}
