import type { RefundDay, RefundDetails } from '@/lib/contract';
import type { DemoShop } from './accounts';
import type { Catalog } from './catalog';
import { costOf, percentOf, sum, toAmount } from './money';
import { chance, createRng, intBetween } from './prng';
import type { ShopVolume } from './orders';

// Daily refund rows : on most past days, a few items come back. Every detail is a cost
// (≤ 0) and a day's value is the sum of its details, in cents.

export function generateShopRefunds(seed: number, shop: DemoShop, catalog: Catalog, volume: ShopVolume): RefundDay[] {
  const rng = createRng(`${seed}:refunds:${shop.key}`);
  const refunds: RefundDay[] = [];
  volume.days.forEach((day, i) => {
    const orders = volume.counts[i] ?? 0;
    // Statements cover finished days only; quiet shops see refunds less often.
    if (day.end > volume.nowSec || orders === 0 || !chance(rng, Math.min(0.9, 0.25 + orders * 0.05))) return;
    const items = 1 + intBetween(rng, 0, Math.max(1, Math.round(orders * 0.04)));
    let gross = 0;
    let returnShipping = 0;
    let labels = 0;
    for (let k = 0; k < items; k++) {
      const sku = catalog.skus[intBetween(rng, 0, catalog.skus.length - 1)]!;
      gross += sku.priceCents;
      if (chance(rng, 0.5)) returnShipping += sku.shippingCents;
      if (chance(rng, 0.3)) labels += intBetween(rng, 100, 250);
    }
    const cents: RefundDetails = {
      grossSalesRefund: costOf(gross),
      sellerDiscountRefund: chance(rng, 0.2) ? costOf(percentOf(gross, intBetween(rng, 5, 15))) : 0,
      refundAdministrationFee: costOf(percentOf(gross, 2)),
      returnShippingFee: costOf(returnShipping),
      returnShippingLabelFee: costOf(labels),
      returnShippingFeePaidBuyer: chance(rng, 0.1) ? costOf(intBetween(rng, 200, 500)) : 0,
      returnShippingFeeReimbursement: 0,
    };
    const details = Object.fromEntries(Object.entries(cents).map(([k, v]) => [k, toAmount(v)])) as RefundDetails;
    refunds.push({ date: day.start, value: toAmount(sum(Object.values(cents))), details });
  });
  return refunds;
}
