'use client';

import { formatCount } from '@/lib/format/money';
import { formatDayRange } from '@/lib/format/time';
import { MONEY_FIGURES, type AllShops, type AllShopsFigures, type AllShopsRow } from '@/lib/all-shops/all-shops';
import { ConvertedMoney } from './converted-money';
import { RateLabel } from './rate-label';
import { say } from './messages';
import { useViewer } from '@/components/app-shell/viewer';
import { isProfitFigure } from '@/lib/team/figures';
import { BRIDGE_LABELS } from '@/lib/reports/bridge';
import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';

// Left to right, the report's bridge: the SKUs' net profit (their COGS and ad spend inside it),
// then each period line, then the bottom line they add up to.
const COLUMNS: { key: (typeof MONEY_FIGURES)[number]; label: string; tone?: boolean }[] = [
  { key: 'netSales', label: 'Net sales' },
  { key: 'netProfit', label: BRIDGE_LABELS.netProfit, tone: true },
  { key: 'sampleCost', label: BRIDGE_LABELS.samples },
  { key: 'refunds', label: BRIDGE_LABELS.refunds },
  { key: 'shopAdSpend', label: BRIDGE_LABELS.shopAdSpend },
  { key: 'expenses', label: BRIDGE_LABELS.expenses },
  { key: 'netProfitAfterRefunds', label: BRIDGE_LABELS.bottomLine, tone: true },
];

function status(shop: AllShopsRow): string | null {
  if (shop.syncing) return 'Syncing: nothing stored yet';
  if (shop.partial)
    return say('shopPartial', {
      stored: { count: shop.coverage.daysStored },
      total: { count: shop.coverage.daysTotal },
    });
  return null;
}

export interface ShopsTableProps {
  allShops: AllShops;
  stale?: boolean;
}

/** One row per shop: each figure in the target currency, the shop's own figure under it, and the rates used. */
export function ShopsTable({ allShops, stale }: ShopsTableProps) {
  const target = allShops.currency;
  const totalsRow: AllShopsFigures = allShops.totals;
  // Without costs and profit: net sales and refunds only (the server sent nothing else).
  const { seesProfit } = useViewer();
  // Their refunds are the sales parts (no fee, lib/profit/refunds), named so.
  const columns = seesProfit
    ? COLUMNS
    : COLUMNS.filter((c) => !isProfitFigure(c.key)).map((c) =>
        c.key === 'refunds' ? { ...c, label: SALES_REFUNDS_LABEL } : c,
      );
  return (
    <div className="table-scroll stack-scroll" tabIndex={0} role="region" aria-label="Shops table">
      <table className="stack-table" aria-busy={stale || undefined} data-stale={stale || undefined}>
        <caption className="visually-hidden">Shops</caption>
        <thead>
          <tr>
            <th scope="col">Shop</th>
            <th scope="col" className="num">
              Order lines
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="num">
                {c.label}
              </th>
            ))}
            <th scope="col">Rate to {target}</th>
          </tr>
        </thead>
        <tbody>
          {allShops.shops.map((s) => {
            const note = status(s);
            return (
              <tr key={s.shop.id} data-missing-rate={s.missingRate || undefined}>
                <th scope="row" className="stack-title">
                  <span className="shop-name">{s.shop.name}</span> <span className="badge">{s.shop.currency}</span>
                  <span className="own-figure muted">
                    {formatDayRange(s.range.from, s.range.to)} · {s.range.timeZone}
                  </span>
                  {note ? <span className={`badge ${s.syncing ? 'badge-info' : 'badge-warning'}`}>{note}</span> : null}
                </th>
                <td className="num" data-label="Order lines">
                  {formatCount(s.figures.orderLines)}
                </td>
                {columns.map((c) => (
                  <td key={c.key} className="num" data-label={c.label}>
                    <ConvertedMoney
                      converted={s.converted?.[c.key] ?? null}
                      own={s.figures[c.key]}
                      ownCurrency={s.shop.currency}
                      target={target}
                      tone={c.tone}
                    />
                  </td>
                ))}
                <td data-label={`Rate to ${target}`}>
                  <RateLabel
                    rates={s.rates}
                    missingDays={s.missingDays}
                    currency={s.shop.currency}
                    target={target}
                    demoRateIds={allShops.demoRateIds}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="stack-title">
              Total in {target}
              {allShops.leftOut.length > 0 ? (
                <span className="own-figure muted">without {allShops.leftOut.map((s) => s.name).join(', ')}</span>
              ) : null}
            </th>
            <td className="num" data-label="Order lines">
              {formatCount(totalsRow.orderLines)}
            </td>
            {columns.map((c) => (
              <td key={c.key} className="num" data-label={c.label}>
                <ConvertedMoney
                  converted={totalsRow[c.key]}
                  own={totalsRow[c.key]}
                  ownCurrency={target}
                  target={target}
                  tone={c.tone}
                />
              </td>
            ))}
            <td data-label="Rate" className="muted">
              each day at its rate
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
