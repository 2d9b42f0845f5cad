import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_COMMISSION_PARTS,
  PLATFORM_FEE_PARTS,
  REFUND_DETAIL_PARTS,
  SHIPPING_COST_PARTS,
  orderSchema,
  productSchema,
  refundDaySchema,
  type Order,
  type OrderProduct,
} from '@/lib/contract';
import { safeImageUrl } from '@/components/sku-costs/safe-image-url';
import { DEMO_ACCOUNTS, MAIN_SHOP_KEY, planDemoData } from '@/lib/service/demo';
import { generateShopOrders, shopVolume } from '@/lib/service/demo/orders';
import { generateShopRefunds } from '@/lib/service/demo/refunds';

// The demo data set's invariants (lib/service/demo/README.md): what a seller or the dashboard's
// profit math relies on. Amounts are compared in integer cents, as the dashboard sums them.

const NOW = new Date('2026-05-20T18:30:00Z');
const plan = planDemoData({ now: NOW });
const nowSec = Math.floor(NOW.getTime() / 1000);

function shopData(key: string) {
  const shop = plan.shops.find((s) => s.key === key)!;
  const catalog = plan.catalogs.get(key)!;
  const volume = shopVolume(plan.seed, shop, plan.now);
  const generated = [...generateShopOrders(plan.seed, shop, catalog, volume)];
  return {
    shop,
    catalog,
    /** As stored at generation: settled figures once due, the estimate before. */
    orders: generated.map((o) => o.order),
    estimates: generated.map((o) => o.estimate),
    settled: generated.map((o) => o.final.order),
    refunds: generateShopRefunds(plan.seed, shop, catalog, volume),
  };
}

const main = shopData(MAIN_SHOP_KEY);
const gb = shopData('lumen-gb');
// Checks collect violations and assert once: an expect() per value would be slow on 40k lines.
let offCents = 0;
const cents = (amount: number) => {
  const c = Math.round(amount * 100);
  if (Math.abs(amount * 100 - c) > 1e-6) offCents++;
  return c;
};
const sumCents = (values: number[]) => values.reduce((s, v) => s + cents(v), 0);
// Every money invariant holds in both states of every order.
const lines = [...main.estimates, ...main.settled].flatMap((o) => o.products);

describe('demo accounts and shops', () => {
  it('has the documented credentials, with the REST feature only where it belongs', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.appKey, a.appSecret, a.restFeature])).toEqual([
      ['demo-app-key', 'demo-app-secret', true],
      ['basic-app-key', 'basic-app-secret', false],
      ['other-app-key', 'other-app-secret', true],
    ]);
  });

  it('gives the demo key two or more active shops in different regions and time zones, and one inactive shop', () => {
    const demo = plan.shops.filter((s) => s.accountId === 'acct-demo');
    const active = demo.filter((s) => s.active);
    expect(active.length).toBeGreaterThanOrEqual(2);
    expect(new Set(active.map((s) => s.shop.timezone)).size).toBe(active.length);
    expect(new Set(active.map((s) => s.shop.shopRegion)).size).toBe(active.length);
    expect(active[0]!.shop.timezone).toBe('America/Los_Angeles');
    expect(active[1]!.shop.timezone).toBe('Europe/London');
    expect(demo.filter((s) => !s.active)).toHaveLength(1);
    expect(plan.shops.some((s) => s.accountId === 'acct-other' && s.active)).toBe(true);
  });

  it('uses opaque shop ids that stay the same when the data is generated again on another day', () => {
    const again = planDemoData({ now: new Date('2027-01-01T00:00:00Z') });
    expect(again.shops.map((s) => s.shop.id)).toEqual(plan.shops.map((s) => s.shop.id));
    for (const s of plan.shops) expect(s.shop.id).toMatch(/^shp_[0-9a-f]{16}$/);
  });
});

describe('demo catalog', () => {
  const products = main.catalog.products.map((p) => p.product);

  it('has 30+ valid products with 1–4 SKUs, some without icon and the others a picture of their own the dashboard shows', () => {
    expect(products.length).toBeGreaterThanOrEqual(30);
    for (const p of products) {
      expect(productSchema.parse(p)).toEqual(p);
      expect(p.skus.length).toBeGreaterThanOrEqual(1);
      expect(p.skus.length).toBeLessThanOrEqual(4);
      if (p.icon === null) continue;
      // Served by the service itself (tests/integration/service/mount.test.ts), on any host.
      expect(p.icon).toMatch(/^\/api\/v1\/demo-assets\/products\/[a-z0-9]+\.svg$/);
      expect(safeImageUrl(p.icon), `${p.name}: the dashboard renders its icon`).toBe(p.icon);
    }
    const icons = products.flatMap((p) => (p.icon === null ? [] : [p.icon]));
    expect(new Set(icons).size, 'one picture per product').toBe(icons.length);
    expect(products.some((p) => p.icon === null)).toBe(true);
    expect(icons.length).toBeGreaterThan(products.length / 2);
  });

  it('has names that exercise Unicode, HTML escaping and spreadsheet formulas', () => {
    const names = products.map((p) => p.name);
    expect(names).toContain('Crème brûlée candle');
    expect(names.some((n) => /[^\u0000-\u007f]/.test(n) && /[\u3040-\u30ff\u4e00-\u9fff]/.test(n))).toBe(true);
    expect(names.some((n) => ['<b>', '&', '"', "'"].every((c) => n.includes(c)))).toBe(true);
    expect(names.some((n) => n.startsWith('='))).toBe(true);
  });
});

describe('demo orders', () => {
  it('fills the main shop with 20,000+ valid orders over the 400 days up to now, oldest first', () => {
    expect(main.orders.length).toBeGreaterThanOrEqual(20_000);
    expect(gb.orders.length).toBeGreaterThanOrEqual(3_000);
    const oldest = main.orders[0]!.createTime;
    expect(nowSec - oldest).toBeGreaterThan(398 * 86_400);
    expect(nowSec - oldest).toBeLessThanOrEqual(400 * 86_400);
    expect(main.orders.filter((o, i) => i > 0 && o.createTime < main.orders[i - 1]!.createTime)).toEqual([]);
    for (const o of main.orders.slice(0, 500)) expect(orderSchema.parse(o)).toEqual(o);
    expect(new Set(main.orders.map((o) => o.id)).size).toBe(main.orders.length);
    expect(new Set(main.orders.map((o) => o.orderNumber)).size).toBe(main.orders.length);
  });

  it('keeps times consistent: paid after created, cancel time exactly on cancelled orders, nothing in the future', () => {
    const bad = main.orders.filter(
      (o) =>
        o.paidTime < o.createTime ||
        o.paidTime > nowSec ||
        (o.cancelTime !== null) !== (o.status === 'CANCELLED') ||
        (o.cancelTime !== null && (o.cancelTime < o.paidTime || o.cancelTime > nowSec)),
    );
    expect(bad).toEqual([]);
  });

  it('uses every paid status and order type, with recent orders mostly unsettled and old ones settled', () => {
    const statuses = new Set(main.orders.map((o) => o.status));
    for (const s of ['AWAITING_SHIPMENT', 'AWAITING_COLLECTION', 'IN_TRANSIT', 'DELIVERED', 'COMPLETED', 'CANCELLED'])
      expect(statuses).toContain(s);
    expect(new Set(main.orders.map((o) => o.orderType))).toEqual(new Set(['SETTLED', 'UNSETTLED', 'DRAFT']));
    const recent = main.orders.filter((o) => nowSec - o.createTime < 7 * 86_400);
    expect(recent.filter((o) => o.orderType === 'UNSETTLED').length / recent.length).toBeGreaterThan(0.6);
    const old = main.orders.filter((o) => nowSec - o.createTime > 60 * 86_400);
    expect(old.every((o) => o.orderType === 'SETTLED' && ['COMPLETED', 'CANCELLED'].includes(o.status))).toBe(true);
  });

  it('has a few percent sample orders and many multi-product orders', () => {
    const samples = main.orders.filter((o) => o.sampleOrder === 'YES').length / main.orders.length;
    expect(samples).toBeGreaterThan(0.01);
    expect(samples).toBeLessThan(0.06);
    expect(main.orders.filter((o) => o.products.length > 1).length / main.orders.length).toBeGreaterThan(0.3);
  });
});

describe('money invariants of every order line', () => {
  const groups = (p: OrderProduct) =>
    [
      [p.shippingCost, SHIPPING_COST_PARTS],
      [p.platformFees, PLATFORM_FEE_PARTS],
      [p.affiliateCommission, AFFILIATE_COMMISSION_PARTS],
    ] as const;

  it('totals equal the sum of their parts, and every cost is ≤ 0 (never -0)', () => {
    const violations: string[] = [];
    const isCost = (v: number) => v <= 0 && !Object.is(v, -0);
    for (const p of lines) {
      for (const [group, parts] of groups(p)) {
        const values = parts.map((k) => (group as Record<string, number>)[k]!);
        if (cents(group.total) !== sumCents(values)) violations.push(`total ${JSON.stringify(group)}`);
        if (![group.total, ...values].every(isCost)) violations.push(`sign ${JSON.stringify(group)}`);
      }
      if (![p.promos, p.costOfGoods, p.gmvBreakdown.sellerDiscount, p.gmvBreakdown.platformDiscount].every(isCost))
        violations.push(`cost ${p.skuId}`);
    }
    expect(violations).toEqual([]);
    expect(offCents).toBe(0);
  });

  it('ties sales, promos and GMV together, and prices and costs to the catalog (shipping: the estimate)', () => {
    const skus = new Map(main.catalog.skus.map((s) => [s.id, s]));
    const violations: string[] = [];
    const estimates = new Set(main.estimates);
    for (const o of [...main.estimates, ...main.settled]) {
      for (const p of o.products) {
        const b = p.gmvBreakdown;
        const sku = skus.get(p.skuId)!;
        const quantity = -cents(p.costOfGoods) / sku.cogsCents;
        const sales = cents(p.grossSales);
        const ok =
          sales === cents(b.productSales) &&
          cents(p.promos) === cents(b.sellerDiscount) &&
          cents(p.gmv) === cents(b.productSales) + cents(b.shippingFee) + cents(b.sellerDiscount) &&
          Number.isInteger(quantity) &&
          quantity >= 1 &&
          (o.sampleOrder === 'NO'
            ? sales === sku.priceCents * quantity
            : sales === 0 || sales === sku.priceCents * quantity) &&
          (!estimates.has(o) || cents(p.shippingCost.total) === -sku.shippingCents * quantity);
        if (!ok) violations.push(`${o.id} ${p.skuId}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('has SKUs that lose money and sample orders that are free or deeply discounted', () => {
    const profit = new Map<string, number>();
    for (const p of lines) {
      const net = [
        p.grossSales,
        p.promos,
        p.costOfGoods,
        p.shippingCost.total,
        p.platformFees.total,
        p.affiliateCommission.total,
      ];
      profit.set(p.skuId, (profit.get(p.skuId) ?? 0) + sumCents(net));
    }
    expect([...profit.values()].filter((v) => v < 0).length).toBeGreaterThanOrEqual(1);
    const sampleLines = main.orders.filter((o: Order) => o.sampleOrder === 'YES').flatMap((o) => o.products);
    expect(sampleLines.length).toBeGreaterThan(0);
    expect(
      sampleLines.filter((p) => !(cents(p.grossSales) === 0 || cents(p.promos) <= -0.85 * cents(p.grossSales))),
    ).toEqual([]);
  });
});

describe('demo refunds', () => {
  it('has a refund row on most days, each a valid sum of non-positive details, at local midnight', () => {
    expect(main.refunds.length).toBeGreaterThan(300);
    for (const r of main.refunds) {
      expect(refundDaySchema.parse(r)).toEqual(r);
      expect(cents(r.value)).toBe(sumCents(REFUND_DETAIL_PARTS.map((k) => r.details[k])));
      expect(r.value).toBeLessThan(0);
      for (const k of REFUND_DETAIL_PARTS) expect(r.details[k]).toBeLessThanOrEqual(0);
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Los_Angeles',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(r.date * 1000));
      expect(local).toBe('00:00');
    }
  });
});

describe('determinism', () => {
  it('generates the same data from the same seed and day', () => {
    const again = shopData('lumen-de');
    const other = (() => {
      const p2 = planDemoData({ now: NOW });
      const shop = p2.shops.find((s) => s.key === 'lumen-de')!;
      const catalog = p2.catalogs.get('lumen-de')!;
      return [...generateShopOrders(p2.seed, shop, catalog, shopVolume(p2.seed, shop, p2.now))].map((o) => o.order);
    })();
    expect(other).toEqual(again.orders);
  });
});
