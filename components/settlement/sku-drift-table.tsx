import { Money } from '@/components/money/money';
import { formatCount, formatPercentChange } from '@/lib/format/money';
import type { DriftGroup } from '@/lib/reports/settlement';
import { expectedFor, type ExpectedDrift } from '@/lib/reports/settlement-expected';
import type { SettlementData } from '@/lib/reports/settlement-report';
import { spreadOf } from './drift-overview';
import { say } from './messages';
import { COLUMN_LABELS, methodLabel, partsThatChanged, skuNames, type MoneyColumn } from './settlement-labels';
import { SkuCell } from './sku-cell';
import { useShowAll } from './show-all';

export interface SkuDriftTableProps {
  report: SettlementData;
  currency: string;
}

interface Row {
  skuId: string;
  observed: DriftGroup | null;
  expected: ExpectedDrift;
}

/**
 * The SKUs the range is about: those observed in it (most orders first), then those with open orders
 * (their expected drift is what the forecast applies). The expected drift knows more SKUs, from its
 * whole window: they are counted below the table, not listed.
 */
function rowsOf(report: SettlementData): Row[] {
  const observed = [...report.observed.skus].sort((a, b) => b.orders - a.orders || a.skuId.localeCompare(b.skuId));
  const seen = new Set(observed.map((s) => s.skuId));
  const open = report.forecast.rows
    .map((r) => r.skuId)
    .filter((id) => !seen.has(id))
    .sort((a, b) => skuNames(report.skus, a).title.localeCompare(skuNames(report.skus, b).title));
  return [
    ...observed.map((s) => ({ skuId: s.skuId, observed: s, expected: expectedFor(report.expected, s.skuId) })),
    ...open.map((skuId) => ({ skuId, observed: null, expected: expectedFor(report.expected, skuId) })),
  ];
}

function Cells({ row, parts, currency }: { row: Omit<Row, 'skuId'>; parts: MoneyColumn[]; currency: string }) {
  const o = row.observed;
  const profit = o?.columns.net_profit;
  return (
    <>
      <td className="num" data-label="Orders observed">
        {formatCount(o?.orders ?? 0)}
      </td>
      <td className="num" data-label="Net profit change at settlement">
        <span className={(profit?.ofNetSales ?? 0) < 0 ? 'negative' : undefined}>
          {formatPercentChange(profit?.ofNetSales ?? null)}
        </span>
      </td>
      <td className="num" data-label="Where most orders moved (8 in 10)">
        {profit ? spreadOf(profit) : '—'}
      </td>
      <td className="num" data-label="Mean per order">
        {profit ? <Money cents={Math.round(profit.mean)} currency={currency} signAlways /> : '—'}
      </td>
      {parts.map((c) => (
        <td key={c} className="num" data-label={COLUMN_LABELS[c]}>
          {formatPercentChange(o?.columns[c].ofNetSales ?? null)}
        </td>
      ))}
      <td className="num" data-label="Expected change at settlement">
        {formatPercentChange(row.expected.ratios.net_profit)}
      </td>
      <td className="settle-method" data-label="How it was learned">
        {methodLabel(row.expected)}
      </td>
    </>
  );
}

/**
 * Per SKU: the drift observed on the range's orders (as shares of net sales; a cost's drift is its
 * effect on profit) and the drift to expect of an open order, with how it was learned.
 */
export function SkuDriftTable({ report, currency }: SkuDriftTableProps) {
  const parts = partsThatChanged(report.observed.overall.changed);
  const rows = rowsOf(report);
  const { shown, toggle } = useShowAll(rows, 'SKUs');
  const listed = new Set(rows.map((r) => r.skuId));
  const others = report.expected.skus.filter((e) => e.skuId !== null && !listed.has(e.skuId)).length;
  return (
    <>
      <div
        className="table-scroll stack-scroll"
        tabIndex={0}
        role="region"
        aria-label="Change at settlement per SKU table"
      >
        <table className="stack-table">
          <caption className="visually-hidden">Change at settlement per SKU</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="num">
                Orders observed
              </th>
              <th scope="col" className="num">
                Net profit change at settlement
              </th>
              <th scope="col" className="num">
                Where most orders moved (8 in 10)
              </th>
              <th scope="col" className="num">
                Mean per order
              </th>
              {parts.map((c) => (
                <th key={c} scope="col" className="num">
                  {COLUMN_LABELS[c]}
                </th>
              ))}
              <th scope="col" className="num">
                Expected change at settlement
              </th>
              <th scope="col">How it was learned</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.skuId}>
                <SkuCell skus={report.skus} skuId={row.skuId} />
                <Cells row={row} parts={parts} currency={currency} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="stack-title">
                Whole shop
              </th>
              <Cells
                row={{ observed: report.observed.overall, expected: report.expected.shop }}
                parts={parts}
                currency={currency}
              />
            </tr>
          </tfoot>
        </table>
      </div>
      {toggle}
      {others > 0 ? <p className="muted note">{say('otherSkus', { skus: { count: others } })}</p> : null}
    </>
  );
}
