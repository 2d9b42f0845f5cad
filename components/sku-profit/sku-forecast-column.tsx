'use client';

import type { columnHelper } from '@/components/data-table/features';
import { Money } from '@/components/money/money';
import { DRIFT_METHOD_WORDS, type SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { say } from './messages';

type Row = SkuReportWithForecast['rows'][number];
const TITLE = 'Expected settled net profit (forecast)';

/**
 * `forecast=on`: a SKU's net profit once its open lines settle as expected, its band and how the
 * drift was learned below it; a SKU whose orders are all settled shows its net profit, final.
 */
export function skuForecastColumn(helper: ReturnType<typeof columnHelper<Row>>, currency: string) {
  return helper.display({
    id: 'forecast',
    header: TITLE,
    meta: { label: TITLE, align: 'end', card: 'lead' },
    cell: ({ row }) => {
      const f = row.original.forecast;
      if (!f)
        return (
          <span className="forecast-cell" title="Every order of this SKU in the range is settled">
            <Money cents={row.original.netProfit} currency={currency} tone />{' '}
            <span className="muted sku-product-sub">settled</span>
          </span>
        );
      const low = { money: f.low, currency };
      const high = { money: f.high, currency };
      return (
        <span
          className="forecast-cell"
          title={say('forecastTitle', { low, high, method: { text: DRIFT_METHOD_WORDS[f.method] } })}
        >
          <Money cents={f.expectedNetProfit} currency={currency} tone />
          <span className="muted sku-product-sub">
            {say('forecastBand', { low, high, method: { text: f.method } })}
          </span>
        </span>
      );
    },
  });
}
