'use client';

import { Fragment, useState } from 'react';
import { Money } from '@/components/money/money';
import { formatPercent } from '@/lib/format/money';
import { skuText } from '@/lib/format/sku';
import type { PricingReport, PricingRow } from '@/lib/pricing/report';
import { useShowAll } from '@/components/settlement/show-all';
import { SkuModelDetail } from './sku-model-detail';
import { say } from './messages';

export interface PricingTableProps {
  report: PricingReport;
  currency: string;
}

const money = (cents: number | null, currency: string) =>
  cents === null ? '—' : <Money cents={cents} currency={currency} />;
// Below zero no promo (or commission) keeps the figure: the price must rise first.
const ratio = (r: number | null) => (r === null ? '—' : r < 0 ? 'None' : formatPercent(r));
/** A promo as a share of the list price and as the amount it takes off a unit: "24.3% ($4.13 off)". */
const promo = (share: number | null, amount: number | null, currency: string): string =>
  share === null || share < 0 || amount === null
    ? ratio(share)
    : say('promoOff', { share: { percent: share }, amount: { money: amount, currency } });
/** How far the list price is from the price for the target, in words: "46.1% below" / "3.8% above". */
const fromTarget = (gap: number | null) =>
  gap === null
    ? '—'
    : Math.abs(gap) < 0.0005
      ? 'on target'
      : say('fromTarget', { gap: { percent: Math.abs(gap) }, side: { text: gap < 0 ? 'below' : 'above' } });

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
      <td className="num" data-label="List price vs. price for target">
        <span className={(a.gapToTarget ?? 0) < 0 ? 'negative' : undefined}>{fromTarget(a.gapToTarget)}</span>
      </td>
      <td className="num" data-label="Deepest promo (break-even / target)">
        <span>
          {promo(a.maxPromoBreakEven, a.maxPromoBreakEvenAmount, currency)} /{' '}
          {promo(a.maxPromoTarget, a.maxPromoTargetAmount, currency)}
        </span>
      </td>
      <td className="num" data-label="Highest creator commission for target">
        {a.maxCommissionRate === null ? (
          <span title="No order line of the range was sold through a creator">—</span>
        ) : (
          ratio(a.maxCommissionRate)
        )}
      </td>
      <td className="num" data-label="COGS where profit ends">
        {money(a.breakEvenCogs, currency)}
      </td>
      <td className="num" data-label="Break-even ROAS (ACoS)">
        {a.breakEvenRoas === null || a.breakEvenAcos === null
          ? '—'
          : say('roasAcos', { roas: { decimal: a.breakEvenRoas, fixed: 2 }, acos: { percent: a.breakEvenAcos } })}
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
                List price vs. price for target
              </th>
              <th scope="col" className="num">
                Deepest promo (break-even / target)
              </th>
              <th scope="col" className="num">
                Highest creator commission for target
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
                        {say(row.model.basisFrom === 'shop' ? 'skuLinesFew' : 'skuLines', {
                          lines: { count: row.model.lines },
                        })}
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
      <details className="note">
        <summary>What each column says</summary>
        <dl className="pricing-legend">
          {LEGEND.map(([term, words]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd className="muted">{words}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}

/** Every answer in words: each is the SKU's own orders solved, so the what-if replays it. */
const LEGEND: [string, string][] = [
  [
    'Unit profit now',
    'net profit per unit at the list price, from the orders of the range (your costs placed on the SKU included)',
  ],
  ['Break-even price', 'the list price at which those orders, replayed in the what-if with the same units, net 0'],
  ['Price for target', 'the list price at which they keep your target margin (net profit ÷ net sales)'],
  [
    'List price vs. price for target',
    'how far the list price is below or above the price for target, as a share of that price',
  ],
  [
    'Deepest promo',
    'the promo (a share of the list price, and what it takes off a unit) that still breaks even / keeps the target; “None”: even no promo falls short',
  ],
  [
    'Highest creator commission',
    'the commission on the lines sold through a creator at which those lines keep the target; “—”: none was sold through a creator in the range',
  ],
  ['COGS where profit ends', 'the unit cost of goods at which the orders net 0'],
  [
    'Break-even ROAS (ACoS)',
    'net sales per unit of ad spend at which ads take all the profit before ad spend; ACoS is its inverse',
  ],
];
