import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertCents } from '@/lib/costs/fx';
import {
  BOTTOM_LINE_PARTS,
  convertFigures,
  MONEY_FIGURES,
  rankSkus,
  type AllShopsFigures,
  type ShopSkuRow,
} from '@/lib/all-shops/all-shops';

function row(shopId: string, skuId: string, sellerSku: string, convertedNetProfit: number): ShopSkuRow {
  return {
    shopId,
    shopName: shopId.toUpperCase(),
    currency: 'USD',
    skuId,
    productName: `P ${skuId}`,
    skuName: '',
    sellerSku,
    lines: 1,
    netSales: 1000,
    netProfit: convertedNetProfit,
    convertedNetSales: 1000,
    convertedNetProfit,
  };
}

describe('rankSkus', () => {
  const rows = [
    row('us', 'a', 'MUG', 500),
    row('gb', 'b', 'MUG', 300),
    row('gb', 'c', '', 100),
    row('de', 'd', '', 100),
    row('de', 'e', 'LAMP', -200),
  ];

  it('merges the same seller SKU across shops, never SKUs without one', () => {
    const r = rankSkus(rows, 'sellerSku');
    expect(r.count).toBe(4);
    expect(r.top[0]).toMatchObject({ key: 'sku:MUG', netProfit: 800, lines: 2, netSales: 2000, margin: 0.4 });
    expect(r.top[0]!.shops.map((s) => s.shopId)).toEqual(['us', 'gb']);
    expect(r.top.map((x) => x.key)).toEqual(['sku:MUG', 'de:d', 'gb:c', 'sku:LAMP']);
  });

  it('without merging lists one row per shop and SKU', () => {
    expect(rankSkus(rows, 'none').count).toBe(5);
  });

  it('the bottom never repeats a top row and lists the worst first', () => {
    const r = rankSkus(rows, 'none', 2);
    expect(r.top.map((x) => x.key)).toEqual(['us:a', 'gb:b']);
    expect(r.bottom.map((x) => x.key)).toEqual(['de:e', 'de:d']);
  });
});

describe('convertFigures', () => {
  const cents = fc.integer({ min: -5_000_000_00, max: 0 });
  const rate = fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 999_999 }))
    .map(([whole, frac]) => `${whole}.${String(frac).padStart(6, '0')}`);
  const figures = fc
    .record({
      netSales: fc.nat({ max: 9_000_000_00 }),
      netProfit: fc.integer({ min: -5_000_000_00, max: 5_000_000_00 }),
      skuAdSpend: cents,
      shopAdSpend: cents,
      expenses: cents,
      sampleCost: cents,
      refunds: cents,
      orderLines: fc.nat(),
      fulfilment: cents,
    })
    .map(({ skuAdSpend, fulfilment, ...f }): AllShopsFigures => ({
      ...f,
      chargedCosts: { fulfilment },
      adSpend: skuAdSpend + f.shopAdSpend,
      netProfitAfterRefunds: f.netProfit + f.sampleCost + f.refunds + f.shopAdSpend + f.expenses,
    }));

  it('keeps every row adding up in the target currency: the bottom line is the sum of the converted parts', () => {
    fc.assert(
      fc.property(figures, rate, (f, r) => {
        const converted = convertFigures(f, r);
        for (const key of MONEY_FIGURES.filter((k) => k !== 'netProfitAfterRefunds'))
          expect(converted[key]).toBe(convertCents(f[key], r));
        expect(converted.netProfitAfterRefunds).toBe(BOTTOM_LINE_PARTS.reduce((sum, key) => sum + converted[key], 0));
        // Within the parts' rounding of converting the bottom line directly.
        expect(
          Math.abs(converted.netProfitAfterRefunds - convertCents(f.netProfitAfterRefunds, r)),
        ).toBeLessThanOrEqual((BOTTOM_LINE_PARTS.length + 1) / 2);
        expect(converted.orderLines).toBe(f.orderLines);
        // A charged kind's figure (information, inside net profit) is converted once like the others.
        expect(converted.chargedCosts.fulfilment).toBe(convertCents(f.chargedCosts.fulfilment!, r));
      }),
      { numRuns: 300 },
    );
  });

  it('converts the identity rate to the same figures', () => {
    fc.assert(
      fc.property(figures, (f) => {
        expect(convertFigures(f, '1')).toEqual(f);
      }),
    );
  });
});
