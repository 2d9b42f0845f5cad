import { Money } from '@/components/money/money';
import { formatCount } from '@/lib/format/money';
import type { ForecastFigures } from '@/lib/reports/settlement-forecast';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { sayNodes } from './messages';
import { SkuCell } from './sku-cell';
import { useShowAll } from './show-all';

export interface OpenForecastProps {
  report: SettlementData;
  currency: string;
}

function Figures({ f, currency }: { f: ForecastFigures; currency: string }) {
  return (
    <>
      <td className="num" data-label="Open orders">
        {formatCount(f.orders)}
      </td>
      <td className="num" data-label="Net sales">
        <Money cents={f.netSales} currency={currency} />
      </td>
      <td className="num" data-label="Estimated net profit (now)">
        <Money cents={f.estimateNetProfit} currency={currency} tone />
      </td>
      <td className="num" data-label="Expected change (forecast)">
        <Money cents={f.expectedNetProfit - f.estimateNetProfit} currency={currency} tone signAlways />
      </td>
      <td className="num" data-label="Expected when settled (forecast)">
        <strong>
          <Money cents={f.expectedNetProfit} currency={currency} tone />
        </strong>
      </td>
      <td className="num nowrap" data-label="Band (forecast)">
        {sayNodes(
          'band',
          {},
          {
            low: <Money cents={f.low} currency={currency} tone />,
            high: <Money cents={f.high} currency={currency} tone />,
          },
        )}
      </td>
    </>
  );
}

/** The range's open orders: the raw estimate of their net profit beside the forecast of it once settled. */
export function OpenForecast({ report, currency }: OpenForecastProps) {
  const { rows, total } = report.forecast;
  const sorted = [...rows].sort((a, b) => b.netSales - a.netSales || a.skuId.localeCompare(b.skuId));
  const { shown, toggle } = useShowAll(sorted, 'SKUs');
  return (
    <>
      <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Forecast of open orders table">
        <table className="stack-table">
          <caption className="visually-hidden">Forecast: expected settled net profit of open orders per SKU</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="num">
                Open orders
              </th>
              <th scope="col" className="num">
                Net sales
              </th>
              <th scope="col" className="num">
                Estimated net profit (now)
              </th>
              <th scope="col" className="num">
                Expected change (forecast)
              </th>
              <th scope="col" className="num">
                Expected when settled (forecast)
              </th>
              <th scope="col" className="num">
                Band (forecast)
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.skuId}>
                <SkuCell skus={report.skus} skuId={r.skuId} />
                <Figures f={r} currency={currency} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="stack-title">
                All open orders
              </th>
              <Figures f={total} currency={currency} />
            </tr>
          </tfoot>
        </table>
      </div>
      {toggle}
    </>
  );
}
