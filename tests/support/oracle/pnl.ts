// The oracle of the P&L by month: each month's statement recounted from the raw orders and refund
// days, as docs/ARCHITECTURE.md#pl-by-month states it: the month's SKU report (recountSkus, the
// seller's whole-shop costs never allocated) and the refunds of its days, with each cost group's
// parts summed from the raw products and each refund part from the raw breakdowns. Like recount.ts,
// it imports nothing from lib/.

import {
  cents,
  inWindow,
  kindOf,
  localDayOf,
  recountSkus,
  shiftDay,
  type OracleCosts,
  type OracleSkuWithCosts,
  type RawShop,
  type Switches,
} from './recount';

export interface OracleMonth {
  month: string;
  from: string;
  to: string;
  /** Statement key → cents (a key absent is 0). */
  lines: Map<string, number>;
}

/** The months of [from, to]: each with its days in the range. */
export function monthsOf(from: string, to: string): { month: string; from: string; to: string }[] {
  const out: { month: string; from: string; to: string }[] = [];
  for (let start = from; start <= to;) {
    const month = start.slice(0, 7);
    const next = `${shiftDay(`${month}-01`, 32).slice(0, 7)}-01`;
    const last = shiftDay(next, -1);
    const end = last < to ? last : to;
    out.push({ month, from: start, to: end });
    start = shiftDay(end, 1);
  }
  return out;
}

const GROUPS = { shippingCost: 'shipping', platformFees: 'fees', affiliateCommission: 'affiliate' } as const;

/** One month's statement lines: the SKU report's figures, the parts, the refunds and the seller's costs. */
export function recountPnlMonth(
  shop: RawShop,
  w: { month: string; from: string; to: string },
  switches: Switches,
  costs: OracleCosts | undefined,
): OracleMonth {
  const own = costs ? { ...costs, allocate: false } : undefined;
  const r = recountSkus(shop, w, switches, undefined, own);
  const lines = new Map<string, number>();
  const add = (key: string, c: number) => lines.set(key, (lines.get(key) ?? 0) + c);
  add('sales.gross', r.totals.grossSales);
  add('promos.seller', r.totals.promos);
  add('sales.net', r.totals.netSales);
  add('cogs', r.totals.costOfGoods);
  add('shipping', r.totals.shipping);
  add('fees', r.totals.platformFees);
  add('affiliate', r.totals.affiliateCommission);
  if (!switches.includeSamples) {
    add('samples', r.sampleCost);
    // A sample's cost of goods is stock given away; the rest is what the marketplace charged for it.
    add('samples.cogs', r.sampleCostOfGoods);
    add('samples.marketplace', r.sampleCost - r.sampleCostOfGoods);
  }
  add('refunds', r.refunds);
  add(
    'yours.skuAdSpend',
    (r.rows as OracleSkuWithCosts[]).reduce((a, row) => a + row.adSpend, 0),
  );
  add('yours.shopAdSpend', r.shopAdSpend);
  add('yours.expenses', r.expenses);
  add(
    'yours.charged:fulfilment',
    (r.rows as OracleSkuWithCosts[]).reduce((a, row) => a + row.fulfilment, 0),
  );
  add('netProfit', r.totals.netProfit);
  add('bottomLine', r.netProfitAfterRefunds);
  for (const o of shop.orders) {
    if (!inWindow(o, shop, w) || kindOf(o, switches) !== 'counted') continue;
    for (const l of o.lines)
      for (const [key, amount] of Object.entries(l.parts)) {
        const [group, part] = key.split('.') as [string, string];
        const name = group === 'gmvBreakdown' ? 'promos.platform' : `${GROUPS[group as keyof typeof GROUPS]}.${part}`;
        add(name, cents(amount));
      }
  }
  for (const d of shop.refunds) {
    const day = localDayOf(d.date, shop.timezone);
    if (day < w.from || day > w.to) continue;
    for (const [part, amount] of Object.entries(d.details)) add(`refunds.${part}`, cents(amount));
  }
  return { ...w, lines };
}
