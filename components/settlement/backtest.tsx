import { Money } from '@/components/money/money';
import { formatCount, formatPercent } from '@/lib/format/money';
import type { BacktestFigures } from '@/lib/reports/settlement-forecast';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { say, sayNodes } from './messages';
import { SkuCell } from './sku-cell';

export interface BacktestProps {
  report: SettlementData;
  currency: string;
}

/** "On 1,240 orders that settled, the forecast was off by 0.4% of net sales on average vs 2.9% for the raw estimate." */
function backtestSentence(b: BacktestFigures): string {
  return say('backtest', {
    orders: { count: b.orders },
    forecast: { percent: b.forecastErrorShare },
    estimate: { percent: b.estimateErrorShare },
  });
}

/** How far the forecast and the raw estimate were from the settled figures, over orders seen in both states. */
export function Backtest({ report, currency }: BacktestProps) {
  const { overall, skus } = report.backtest;
  if (overall.orders === 0)
    return (
      <p className="muted note">
        The backtest needs orders seen estimated and then settled: none of this range’s orders yet.
      </p>
    );
  return (
    <>
      <p className="note">
        <strong>{backtestSentence(overall)}</strong>{' '}
        <span className="muted">
          {sayNodes(
            'backtestPerOrder',
            {},
            {
              forecast: <Money cents={Math.round(overall.forecastError)} currency={currency} />,
              estimate: <Money cents={Math.round(overall.estimateError)} currency={currency} />,
            },
          )}
        </span>
      </p>
      <details className="settle-details">
        <summary>{say('backtestPerSku', { skus: { count: skus.length } })}</summary>
        <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Backtest per SKU table">
          <table className="stack-table">
            <caption className="visually-hidden">Backtest per SKU</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col" className="num">
                  Orders
                </th>
                <th scope="col" className="num">
                  Forecast off by (of net sales)
                </th>
                <th scope="col" className="num">
                  Raw estimate off by
                </th>
                <th scope="col" className="num">
                  Per order: forecast vs estimate
                </th>
              </tr>
            </thead>
            <tbody>
              {[...skus]
                .sort((a, b) => b.orders - a.orders || a.skuId.localeCompare(b.skuId))
                .map((s) => (
                  <tr key={s.skuId}>
                    <SkuCell skus={report.skus} skuId={s.skuId} />
                    <td className="num" data-label="Orders">
                      {formatCount(s.orders)}
                    </td>
                    <td className="num" data-label="Forecast off by (of net sales)">
                      {formatPercent(s.forecastErrorShare)}
                    </td>
                    <td className="num" data-label="Raw estimate off by">
                      {formatPercent(s.estimateErrorShare)}
                    </td>
                    <td className="num nowrap" data-label="Per order: forecast vs estimate">
                      {sayNodes(
                        'forecastVsEstimate',
                        {},
                        {
                          forecast: <Money cents={Math.round(s.forecastError)} currency={currency} />,
                          estimate: <Money cents={Math.round(s.estimateError)} currency={currency} />,
                        },
                      )}
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
