import { describe, expect, it } from 'vitest';
import { rankSkus, type ShopSkuRow } from '@/lib/portfolio/portfolio';

function row(shopId: string, skuId: string, sellerSku: string, convertedNetProfit: number): ShopSkuRow {
  return { shopId, shopName: shopId.toUpperCase(), currency: 'USD', skuId, productName: `P ${skuId}`, skuName: '', sellerSku, lines: 1, netSales: 1000, netProfit: convertedNetProfit, convertedNetSales: 1000, convertedNetProfit };
}

describe('rankSkus', () => {
  const rows = [row('us', 'a', 'MUG', 500), row('gb', 'b', 'MUG', 300), row('gb', 'c', '', 100), row('de', 'd', '', 100), row('de', 'e', 'LAMP', -200)];

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
