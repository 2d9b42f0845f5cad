import { describe, expect, it } from 'vitest';
import { AFFILIATE_COMMISSION_PARTS, PLATFORM_FEE_PARTS, SHIPPING_COST_PARTS, type Order } from '@/lib/contract';
import { MAIN_SHOP_KEY, planDemoData } from '@/lib/service/demo';
import { generateShopOrders, shopVolume } from '@/lib/service/demo/orders';
import { settleOrder, skuSettlementBias } from '@/lib/service/demo/settlement';

// The settlement model of the demo data (lib/service/demo/README.md, "Settlement"), checked from
// its documented figures: each part of a settled line lies in the range the model gives for its
// SKU, computed here from the estimate. Amounts in integer cents.

const NOW = new Date('2026-05-20T18:30:00Z');
const nowSec = NOW.getTime() / 1000;
const DAY = 86_400;
const plan = planDemoData({ now: NOW });
const shop = plan.shops.find((s) => s.key === MAIN_SHOP_KEY)!;
const generated = [
  ...generateShopOrders(plan.seed, shop, plan.catalogs.get(MAIN_SHOP_KEY)!, shopVolume(plan.seed, shop, NOW)),
];
const cents = (amount: number) => Math.round(amount * 100);
/** The cents a cost of `amount` may settle at when re-rated by a factor in [low, high] (±1 cent of float noise). */
const range = (amount: number, low: number, high: number) =>
  [Math.round(-cents(amount) * low) - 1, Math.round(-cents(amount) * high) + 1] as const;
const within = (amount: number, [low, high]: readonly [number, number]) =>
  -cents(amount) >= low && -cents(amount) <= high;

describe('when orders settle', () => {
  it('settles each order at a 00:00 UTC 21 to 35 days after it was created, stored settled once that has passed', () => {
    const bad = generated.filter(({ order, estimate, final, settlement }) => {
      const days = (final.settleAt - estimate.createTime) / DAY;
      const due = final.settleAt <= nowSec;
      return (
        days < 21 ||
        days >= 35 ||
        final.settleAt % DAY !== 0 ||
        (due ? order !== final.order || settlement !== undefined : order !== estimate || settlement !== final) ||
        order.orderType !== (due ? 'SETTLED' : order.orderType === 'DRAFT' ? 'DRAFT' : 'UNSETTLED')
      );
    });
    expect(bad.map((o) => o.order.id)).toEqual([]);
    const pending = generated.filter((o) => o.settlement);
    expect(pending.length).toBeGreaterThan(1_000);
    expect(pending.some((o) => o.order.orderType === 'DRAFT')).toBe(true);
    expect(pending.some((o) => o.order.status === 'CANCELLED')).toBe(true);
  });
});

describe('settled figures', () => {
  it('change only fees, shipping and commission, and leave the transaction fee (a share of GMV) alone', () => {
    const strip = (o: Order) => ({
      ...o,
      orderType: null,
      products: o.products.map((p) => ({
        ...p,
        shippingCost: null,
        affiliateCommission: null,
        platformFees: p.platformFees.transactionFee,
      })),
    });
    const differ = generated.filter((o) => JSON.stringify(strip(o.estimate)) !== JSON.stringify(strip(o.final.order)));
    expect(differ).toEqual([]);
  });

  it('re-rate every part within its SKU’s range; about 2 % of orders carry a 5–15 % correction fee', () => {
    const violations: string[] = [];
    let corrected = 0;
    for (const { estimate, final } of generated) {
      let correction = false;
      estimate.products.forEach((e, i) => {
        const s = final.order.products[i]!;
        const bias = skuSettlementBias(plan.seed, e.skuId);
        const net = cents(e.grossSales) + cents(e.promos);
        for (const part of SHIPPING_COST_PARTS) {
          const [lo, hi] = bias.shipping;
          if (!within(s.shippingCost[part], range(e.shippingCost[part], 1 + lo, 1 + hi))) violations.push(part);
        }
        for (const part of AFFILIATE_COMMISSION_PARTS) {
          if (!within(s.affiliateCommission[part], range(e.affiliateCommission[part], 0.95, 1.05)))
            violations.push(part);
        }
        for (const part of PLATFORM_FEE_PARTS) {
          if (part === 'transactionFee') continue;
          const [lo, hi] = range(e.platformFees[part], 1 + bias.fees - 0.01, 1 + bias.fees + 0.01);
          const settled = -cents(s.platformFees[part]);
          if (part === 'otherFeeAndTax' && settled > hi) {
            const extra = [settled - hi, settled - lo];
            if (extra[0]! > Math.round(net * 0.15) + 1 || extra[1]! < Math.round(net * 0.05) - 1) violations.push(part);
            correction ||= net > 0;
          } else if (settled < lo || settled > hi) violations.push(part);
        }
      });
      if (correction) corrected++;
    }
    expect(violations).toEqual([]);
    expect(corrected / generated.length).toBeGreaterThan(0.01);
    expect(corrected / generated.length).toBeLessThan(0.035);
  });

  it('drift more for some SKUs than others: a third re-rate shipping 5–15 % higher, fees move up to ±8 %', () => {
    const skus = plan.catalogs
      .get(MAIN_SHOP_KEY)!
      .skus.map((s) => ({ id: s.id, bias: skuSettlementBias(plan.seed, s.id) }));
    const costly = skus.filter((s) => s.bias.shipping[0] > 0);
    expect(costly.length / skus.length).toBeGreaterThan(0.15);
    expect(costly.length / skus.length).toBeLessThan(0.5);
    expect(Math.max(...skus.map((s) => Math.abs(s.bias.fees)))).toBeGreaterThan(0.05);
    expect(Math.min(...skus.map((s) => Math.abs(s.bias.fees)))).toBeLessThan(0.02);
    // Per SKU, summed over its lines: the costly ones' shipping settles 5–15 % higher, others within 2 %.
    const shipping = new Map<string, [number, number]>();
    for (const { estimate, final } of generated) {
      estimate.products.forEach((e, i) => {
        const sums = shipping.get(e.skuId) ?? [0, 0];
        sums[0] += cents(e.shippingCost.total);
        sums[1] += cents(final.order.products[i]!.shippingCost.total);
        shipping.set(e.skuId, sums);
      });
    }
    for (const { id, bias } of skus) {
      const [estimate, settled] = shipping.get(id) ?? [0, 0];
      if (estimate === 0) continue;
      const change = settled / estimate - 1;
      if (bias.shipping[0] > 0) expect(change, id).toBeGreaterThanOrEqual(0.05 - 0.001);
      else expect(Math.abs(change), id).toBeLessThanOrEqual(0.02 + 0.001);
    }
  });

  it('are the same for the same estimate, and a SKU’s bias the same on any generation day', () => {
    const sample = generated.slice(-200);
    for (const o of sample) expect(settleOrder(plan.seed, o.estimate)).toEqual(o.final);
    const id = sample[0]!.estimate.products[0]!.skuId;
    const other = planDemoData({ now: new Date('2027-02-01T00:00:00Z') });
    expect(skuSettlementBias(other.seed, id)).toEqual(skuSettlementBias(plan.seed, id));
  });
});
