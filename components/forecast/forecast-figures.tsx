'use client';

import { Money } from '@/components/money/money';
import type { SentenceValue } from '@/lib/format/sentence';
import type { ForecastSummary } from '@/lib/reports/settlement-apply';
import { say, sayNodes } from './messages';

export interface ForecastFiguresProps {
  forecast: ForecastSummary;
  currency: string;
}

const signed = (cents: number, currency: string): SentenceValue => ({ money: cents, currency, signed: true });

/** The expected settled figure and its band, under a total's own figure (inside its `<dl>` card). */
export function ForecastLine({ forecast, currency }: ForecastFiguresProps) {
  return (
    <dd className="kpi-change">
      {sayNodes(
        'forecastLine',
        {},
        {
          profit: <Money cents={forecast.expectedNetProfit} currency={currency} tone />,
          band: (
            <span className="muted">
              {say('forecastBand', {
                low: { money: forecast.low, currency },
                high: { money: forecast.high, currency },
              })}
            </span>
          ),
        },
      )}
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
      {sayNodes(
        'forecastNote',
        {
          share: { percent: forecast.openShare },
          fees: signed(drift.platform_fees, currency),
          shipping: signed(drift.shipping, currency),
          commission: signed(drift.affiliate_commission, currency),
        },
        { lead: <strong>Forecast, not settled figures:</strong> },
      )}
    </p>
  );
}
