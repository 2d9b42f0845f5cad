// The oracle of a month's journal against what the marketplace pays and what leaves the stock,
// recounted from the raw orders and refund days by the spec's words: the payout of a window is its
// orders' net sales (gross sales + promos) less the platform fees, shipping and affiliate commission
// the marketplace keeps, and less the refund days' values; a sample order's the same without sales
// of note; cost of goods is stock, never the marketplace's. Like recount.ts, it imports nothing from
// lib/.

import { cents, kindOf, localDayOf, type RawShop, type Switches } from './recount';

/** What the marketplace settles for [from, to] (cents): counted and sample orders' lines, and refunds. */
export function recountPayout(shop: RawShop, w: { from: string; to: string }, switches: Switches): number {
  let total = 0;
  for (const o of shop.orders) {
    const day = localDayOf(o.createTime, shop.timezone);
    if (day < w.from || day > w.to || kindOf(o, switches) === 'excluded') continue;
    for (const l of o.lines)
      total +=
        cents(l.grossSales) +
        cents(l.promos) +
        cents(l.shipping) +
        cents(l.platformFees) +
        cents(l.affiliateCommission);
  }
  for (const r of shop.refunds) {
    const day = localDayOf(r.date, shop.timezone);
    if (day >= w.from && day <= w.to) total += cents(r.value);
  }
  return total;
}

/** The cost of goods of [from, to]'s counted and sample orders (≤ 0): what leaves the stock. */
export function recountStockOut(
  shop: RawShop,
  w: { from: string; to: string },
  switches: Switches,
): { sold: number; samples: number } {
  const out = { sold: 0, samples: 0 };
  for (const o of shop.orders) {
    const day = localDayOf(o.createTime, shop.timezone);
    if (day < w.from || day > w.to) continue;
    const kind = kindOf(o, switches);
    if (kind === 'excluded') continue;
    for (const l of o.lines) out[kind === 'sample' ? 'samples' : 'sold'] += cents(l.costOfGoods);
  }
  return out;
}

/** `c × rate` in whole cents, half away from zero, over the rate's decimal digits (no float product). */
export function convertAt(c: number, rate: string): number {
  const [whole, decimals = ''] = rate.split('.');
  const scale = 10n ** BigInt(decimals.length);
  const product = BigInt(c) * BigInt(whole! + decimals);
  const magnitude = product < 0n ? -product : product;
  let q = magnitude / scale;
  if ((magnitude % scale) * 2n >= scale) q += 1n;
  return Number(product < 0n ? -q : q);
}
