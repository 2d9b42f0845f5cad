'use client';

import { Fragment, useState } from 'react';
import { Money } from '@/components/money/money';
import { formatCount, formatPercent, formatPercentChange } from '@/lib/format/money';
import { skuText } from '@/lib/format/sku';
import type { PricingReport, PricingRow } from '@/lib/pricing/report';
import { useShowAll } from '@/components/settlement/show-all';
import { SkuModelDetail } from './sku-model-detail';

export interface PricingTableProps {
  report: PricingReport;
  currency: string;
}

const money = (cents: number | null, currency: string) =>
  cents === null ? '—' : <Money cents={cents} currency={currency} />;
// Below zero no promo (or commission) keeps the figure: the price must rise first.
const ratio = (r: number | null) => (r === null ? '—' : r < 0 ? 'None' : formatPercent(r));

function Cells({ row, currency }: { row: PricingRow; currency: string }) {
  const a = row.answers;
  const m = row.model;
  return (
    <>
      <td className="num" data-label="List price">
        {money(m.listPrice, currency)}
      </td>
      <td className="num" data-label="Unit profit now">
        {a.unitProfit === null ? '—' : <Money cents={a.unitProfit} currency={currency} tone />}
      </td>
      <td className="num" data-label="Break-even price">
        {money(a.breakEvenPrice, currency)}
      </td>
      <td className="num" data-label="Price for target">
        {money(a.targetPrice, currency)}
      </td>
      <td className="num" data-label="From target">
        <span className={(a.gapToTarget ?? 0) < 0 ? 'negative' : undefined}>{formatPercentChange(a.gapToTarget)}</span>
      </td>
      <td className="num" data-label="Deepest promo (break-even / target)">
        {ratio(a.maxPromoBreakEven)} / {ratio(a.maxPromoTarget)}
      </td>
      <td className="num" data-label="Highest commission for target">
        {ratio(a.maxCommissionRate)}
      </td>
      <td className="num" data-label="COGS where profit ends">
        {money(a.breakEvenCogs, currency)}
      </td>
      <td className="num" data-label="Break-even ROAS (ACoS)">
        {a.breakEvenRoas === null ? '—' : `${a.breakEvenRoas.toFixed(2)} (${formatPercent(a.breakEvenAcos)})`}
      </td>
    </>
  );
}

/**
 * Per SKU, the answers at the target margin (sorted by how far each is from its target by default);
 * "How it was learned" opens the SKU's model: each figure, how it was learned and from how many lines.
 */
export function PricingTable({ report, currency }: PricingTableProps) {
  const [open, setOpen] = useState<string | null>(null);
  const { shown, toggle } = useShowAll(report.rows, 'SKUs');
  if (report.rows.length === 0) return <p className="muted note">No SKU matches the search.</p>;
  return (
    <>
      <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Prices per SKU table">
        <table className="stack-table pricing-table">
          <caption className="visually-hidden">Break-even and target prices per SKU</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col" className="num">
                List price
              </th>
              <th scope="col" className="num">
                Unit profit now
              </th>
              <th scope="col" className="num">
                Break-even price
              </th>
              <th scope="col" className="num">
                Price for target
              </th>
              <th scope="col" className="num">
                From target
              </th>
              <th scope="col" className="num">
                Deepest promo (break-even / target)
              </th>
              <th scope="col" className="num">
                Highest commission for target
              </th>
              <th scope="col" className="num">
                COGS where profit ends
              </th>
              <th scope="col" className="num">
                Break-even ROAS (ACoS)
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <Fragment key={row.skuId}>
                <tr>
                  <th scope="row" className="stack-title">
                    <span className="sku-product">
                      <span className="product-cell-name">{row.productName}</span>
                      <span className="muted sku-product-sub">{skuText(row)}</span>
                      <span className="muted sku-product-sub">
                        {formatCount(row.model.lines)} lines
                        {row.model.basisFrom === 'shop' ? ' · few: a rough guide' : ''}
                      </span>
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={open === row.skuId}
                        onClick={() => setOpen(open === row.skuId ? null : row.skuId)}
                      >
                        How it was learned
                      </button>
                    </span>
                  </th>
                  <Cells row={row} currency={currency} />
                </tr>
                {open === row.skuId ? (
                  <tr className="row-panel">
                    <td colSpan={10}>
                      <SkuModelDetail row={row} currency={currency} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {toggle}
    </>
  );
}
