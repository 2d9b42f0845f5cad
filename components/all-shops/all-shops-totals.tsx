'use client';

import { Money } from '@/components/money/money';
import { useViewer } from '@/components/app-shell/viewer';
import type { AllShops } from '@/lib/all-shops/all-shops';
import { BRIDGE_LABELS } from '@/lib/reports/bridge';
import { say } from './messages';

/** The headline figures of every shop with a rate, in the target currency. */
export function AllShopsTotals({ allShops }: { allShops: AllShops }) {
  const { totals, currency } = allShops;
  const { seesProfit } = useViewer();
  const counted = allShops.shops.length - allShops.leftOut.length;
  // A shop still being read counts only its stored days: "counted" alone would claim all of it.
  const complete = allShops.shops.filter((s) => !s.partial && !allShops.leftOut.some((l) => l.id === s.shop.id)).length;
  return (
    <dl className="kpis" aria-label={`Totals in ${currency}`}>
      <div className="kpi">
        <dt>Shops read completely</dt>
        <dd>{say('shopsComplete', { complete: { count: complete }, total: { count: allShops.shops.length } })}</dd>
        {counted > complete ? (
          <dd className="kpi-change muted">{say('shopsStillRead', { shops: { count: counted - complete } })}</dd>
        ) : null}
      </div>
      <div className="kpi">
        <dt>Net sales ({currency})</dt>
        <dd>
          <Money cents={totals.netSales} currency={currency} />
        </dd>
      </div>
      {seesProfit ? (
        <>
          <div className="kpi">
            <dt>
              {BRIDGE_LABELS.netProfit} ({currency})
            </dt>
            <dd>
              <Money cents={totals.netProfit} currency={currency} tone />
            </dd>
          </div>
          <div className="kpi">
            <dt>
              {BRIDGE_LABELS.bottomLine} ({currency})
            </dt>
            <dd>
              <Money cents={totals.netProfitAfterRefunds} currency={currency} tone />
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
