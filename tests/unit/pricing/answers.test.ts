import { describe, expect, it } from 'vitest';
import { skuAnswers } from '@/lib/pricing/answers';
import type { PricingLine } from '@/lib/pricing/line';
import { shopShares, skuModel } from '@/lib/pricing/model';
import { replayScenario } from '@/lib/pricing/replay';
import { formatChanges, parseChanges, resolveScenarioSkus } from '@/lib/pricing/scenario';
import { feeBasisOf } from '@/lib/pricing/model';

// A SKU on 12 lines of 1 or 2 units (18 units) at 20.00 with a 10 % promo, an 8 % referral fee on
// net sales, a 0.30 fixed fee per line, 1.00 shipping and 6.00 cost of goods per unit: its answers
// by hand (fixed costs per unit F = 6.00 + 1.00 + 0.30 × 12 / 18 = 7.20), and replayed.

const k = (i: number) => 1 + (i % 2);
const line = (i: number): PricingLine => ({
  orderId: `o${i}`,
  lineIndex: 0,
  skuId: 'S',
  day: '2026-10-0' + ((i % 9) + 1),
  estimated: false,
  grossSales: 2000 * k(i),
  promos: -200 * k(i),
  costOfGoods: -600 * k(i),
  cogsFromInput: false,
  shipping: -100 * k(i),
  fees: { referralFeeAndTax: -144 * k(i), transactionFee: -30 },
  commission: {},
  units: k(i),
});
const lines = Array.from({ length: 12 }, (_, i) => line(i));
const model = skuModel('S', lines, 2000, { adSpend: 0, other: 0 }, shopShares(lines, 0));
const input = { skuId: 'S', lines, listPrice: 2000, basis: feeBasisOf(model), overhead: { adSpend: 0, other: 0 } };

describe('a SKU with a promo, a fee on sales and a fixed fee', () => {
  it('learns each fee part as a share of sales or a fixed amount, with no error on exact data', () => {
    expect(model.fees.map((f) => [f.part, f.basis])).toEqual([
      ['referralFeeAndTax', 'sales'],
      ['transactionFee', 'fixed'],
    ]);
    expect(model.feeRate).toBeCloseTo(0.08, 10);
    expect(model.feeFixedPerUnit).toBeCloseTo(20, 10);
    expect(model.feeFitError).toBe(0);
    expect(model.promoShare).toBeCloseTo(0.1, 10);
  });

  it('answers as the unit model says by hand: break-even P = F / ((1 − s)(1 − f)), the target price with the margin taken off', () => {
    const a = skuAnswers(input, model, 0.2);
    expect(a.breakEvenPrice).toBe(870); // 720 / (0.9 × 0.92) = 869.57
    expect(a.targetPrice).toBe(1111); // 720 / (0.9 × 0.72) = 1111.1
    expect(a.unitProfit).toBe(936); // 1800 × 0.92 − 720
    expect(a.breakEvenCogs).toBe(600 + 936);
    expect(a.maxPromoBreakEven).toBeCloseTo(1 - 720 / (2000 * 0.92), 10);
    expect(a.maxPromoBreakEvenAmount).toBe(Math.round(2000 * (1 - 720 / (2000 * 0.92))));
    // No line was sold through a creator: no commission to replay.
    expect(a.maxCommissionRate).toBeNull();
  });

  it('the highest commission keeps the target on the lines sold through a creator', () => {
    // The 1-unit lines carry a 10 % commission. Their fixed costs per unit are 6.00 + 1.00 + 0.30 (the
    // fixed fee on one unit): without a commission they keep 1 − 0.08 − 730 / 1800 of net sales.
    const withCreators = lines.map((l, i) => (i % 2 === 0 ? { ...l, commission: { commission: -180 * k(i) } } : l));
    const m = skuModel('S', withCreators, 2000, { adSpend: 0, other: 0 }, shopShares(withCreators, 0));
    const a = skuAnswers({ ...input, lines: withCreators, basis: feeBasisOf(m) }, m, 0.2);
    expect(a.maxCommissionRate).toBeCloseTo(1 - 0.08 - 0.2 - 730 / 1800, 10);
  });

  it('replays the break-even price to a net profit of 0 (±1 cent per unit)', () => {
    const a = skuAnswers(input, model, 0.2);
    const at = (to: number) =>
      replayScenario([input], { all: {}, skus: { S: { price: { to } } }, elasticity: null }).skus[0]!.after;
    expect(Math.abs(at(a.breakEvenPrice!).netProfit)).toBeLessThanOrEqual(18);
    const t = at(a.targetPrice!);
    expect(Math.abs(t.netProfit - 0.2 * t.netSales)).toBeLessThanOrEqual(18);
    const same = replayScenario([input], { all: {}, skus: {}, elasticity: null }).skus[0]!;
    expect(same.after).toEqual(same.before);
    expect(same.before.netProfit).toBe(18 * 956 - 12 * 30);
  });
});

describe('the scenario in the URL', () => {
  it('reads back what it writes', () => {
    const text = '*:price+5%;S%3B1:price=12.99,promo=10%,commission=15%,cogs-10%,shipping=3.50';
    const parsed = parseChanges(text);
    expect(parsed).toEqual({
      all: { price: { by: 0.05 } },
      skus: {
        'S;1': { price: { to: 1299 }, promo: 0.1, commission: 0.15, cogs: { by: -0.1 }, shipping: { to: 350 } },
      },
    });
    expect(formatChanges(parsed as Exclude<typeof parsed, string>)).toBe(
      '*:price+5%;S%3B1:price=12.99,cogs-10%,shipping=3.50,promo=10%,commission=15%',
    );
  });

  it('says what is wrong with a change it cannot read, quoting it', () => {
    expect(parseChanges('*:price=abc')).toMatch(/^"price=abc": price takes an amount above 0/);
    expect(parseChanges('*:price=-5')).toMatch(/^"price=-5": price takes an amount above 0/);
    expect(parseChanges('*:price=NaN')).toMatch(/^"price=NaN": price takes an amount/);
    expect(parseChanges('*:price=0')).toMatch(/^"price=0": price takes an amount above 0/);
    expect(parseChanges('*:price-100%')).toMatch(/less than -100%/);
    expect(parseChanges('price+5%')).toMatch(/^"price\+5%" needs a SKU/);
    expect(parseChanges('*:promo=120%')).toMatch(/^"promo=120%": promo takes a percent from 0 to below 100/);
    expect(parseChanges('*:colour=red')).toMatch(/^"colour=red" is not a change/);
    expect(parseChanges('%E0%A4%A:price+5%')).toMatch(/is not a SKU/);
  });

  it('reads README’s link as written and as a browser sends it (a + becomes a space)', () => {
    const asWritten = new URLSearchParams('changes=*:price+5%').get('changes')!;
    expect(asWritten).toBe('*:price 5%');
    expect(parseChanges(asWritten)).toEqual({ all: { price: { by: 0.05 } }, skus: {} });
    const encoded = new URLSearchParams(`changes=${encodeURIComponent('*:price+5%;SKU-1:price=12.99')}`);
    expect(parseChanges(encoded.get('changes')!)).toEqual({
      all: { price: { by: 0.05 } },
      skus: { 'SKU-1': { price: { to: 1299 } } },
    });
  });

  it('places each SKU a scenario names by id or seller SKU, and names the one it cannot place', () => {
    const skus = [
      { skuId: '101', sellerSku: 'MUG-L' },
      { skuId: '102', sellerSku: 'TEA' },
      { skuId: '103', sellerSku: 'TEA' },
    ];
    const parsed = parseChanges('MUG-L:price=9.99;102:promo=10%') as Exclude<ReturnType<typeof parseChanges>, string>;
    expect(resolveScenarioSkus(parsed, skus)).toEqual({
      all: {},
      skus: { '101': { price: { to: 999 } }, '102': { promo: 0.1 } },
    });
    const unknown = parseChanges('NOPE-1:price+5%') as Exclude<ReturnType<typeof parseChanges>, string>;
    expect(resolveScenarioSkus(unknown, skus)).toBe(
      '"NOPE-1" is not a SKU of this shop (neither a SKU id nor a seller SKU).',
    );
    const shared = parseChanges('TEA:price+5%') as Exclude<ReturnType<typeof parseChanges>, string>;
    expect(resolveScenarioSkus(shared, skus)).toMatch(
      /"TEA" is the seller SKU of 2 SKUs of this shop: name one by its SKU id \(102, 103\)/,
    );
  });
});
