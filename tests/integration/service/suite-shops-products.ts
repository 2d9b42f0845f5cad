import { describe, expect, it } from 'vitest';
import { productSchema, shopSchema } from '@/lib/contract';
import { BASIC_HEADERS, createClient, DEMO_HEADERS } from './client';
import type { DemoFixture } from './demo-fixture';
import { contains, filterProducts, QUOTED_NAME_PART, TRICKY_FILTERS } from './oracle';

// The shop list, products, and auth and shop scoping (docs/reporting-service.md) on the real store.

export function shopsAndProductsSuite(fixture: () => DemoFixture) {
  const client = () => createClient(fixture().handler, { headers: DEMO_HEADERS });
  const demoShops = () => fixture().shops.filter((s) => s.accountId === fixture().demoAccountId);
  const activeDemo = () => demoShops().filter((s) => s.active);
  const main = () => activeDemo()[0]!.id;
  const scoped = (shopId: string) => ({ headers: { ...DEMO_HEADERS, 'X-Shop-Id': shopId } });

  describe('shop list (4.1)', () => {
    it('lists exactly the active shops connected to the key, never an inactive or another account’s', async () => {
      const { ok } = client();
      const page = await ok('shops', shopSchema);
      expect(page.items).toEqual(activeDemo().map((s) => s.shop));
      expect(page.pagination).toEqual({ page: 1, limit: 10, total: activeDemo().length, totalPages: 1 });
      expect(activeDemo().length).toBeGreaterThanOrEqual(2);
      expect(demoShops().some((s) => !s.active)).toBe(true);
    });

    it('another key sees only its own shops', async () => {
      const otherKey = { 'X-App-Key': 'other-app-key', 'X-App-Secret': 'other-app-secret' };
      const ids = (await client().ok('shops', shopSchema, { headers: otherKey })).items.map((s) => s.id);
      const account = fixture().shops.find((s) => s.id === ids[0])?.accountId;
      expect(account).toBeDefined();
      expect(account).not.toBe(fixture().demoAccountId);
      expect(ids).toEqual(
        fixture()
          .shops.filter((s) => s.accountId === account && s.active)
          .map((s) => s.id),
      );
    });

    it('filters by exact id and by part of the name, ignoring case; never 404', async () => {
      const { ok } = client();
      const [first, second] = activeDemo();
      expect((await ok(`shops?id=${first!.id}`, shopSchema)).items).toEqual([first!.shop]);
      const inactive = demoShops().find((s) => !s.active)!;
      const foreign = fixture().shops.find((s) => s.accountId !== fixture().demoAccountId)!;
      for (const id of [inactive.id, foreign.id, 'no-such-shop']) {
        expect(await ok(`shops?id=${encodeURIComponent(id)}`, shopSchema)).toEqual({
          items: [],
          pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
        });
      }
      const name = second!.shop.shopName;
      const part = name.slice(2, -2).toUpperCase();
      const expected = activeDemo()
        .filter((s) => contains(s.shop.shopName, part))
        .map((s) => s.shop);
      expect((await ok(`shops?name=${encodeURIComponent(part)}`, shopSchema)).items).toEqual(expected);
      for (const tricky of TRICKY_FILTERS) {
        const want = activeDemo()
          .filter((s) => contains(s.shop.shopName, tricky))
          .map((s) => s.shop);
        expect((await ok(`shops?name=${encodeURIComponent(tricky)}`, shopSchema)).items, tricky).toEqual(want);
      }
    });

    it('paginates: limit 1 walks the shops one by one; a page past the end is empty', async () => {
      const { ok } = client();
      const n = activeDemo().length;
      for (let p = 1; p <= n; p++) {
        const page = await ok(`shops?limit=1&page=${p}`, shopSchema);
        expect(page.items).toEqual([activeDemo()[p - 1]!.shop]);
        expect(page.pagination).toEqual({ page: p, limit: 1, total: n, totalPages: n });
      }
      expect(await ok(`shops?limit=1&page=${n + 1}`, shopSchema)).toEqual({
        items: [],
        pagination: { page: n + 1, limit: 1, total: n, totalPages: n },
      });
    });
  });

  describe('shop scoping (5.4)', () => {
    const paths = ['products', 'orders-by-product', 'refunds?startDate=0&endDate=86400'];
    it.each(paths)('%s: an unknown, inactive or other account’s shop is 404 SHOP_NOT_FOUND', async (path) => {
      const { fails } = client();
      const inactive = demoShops().find((s) => !s.active)!;
      const foreign = fixture().shops.find((s) => s.accountId !== fixture().demoAccountId)!;
      for (const id of ['no-such-shop', inactive.id, foreign.id]) await fails(path, 'SHOP_NOT_FOUND', scoped(id));
    });

    it.each(paths)('%s: the basic key is 403 even for its own shop', async (path) => {
      const basicShop = fixture().shops.find(
        (s) => s.accountId !== fixture().demoAccountId && s.shop.shopName.includes('Basic'),
      );
      await client().fails(path, 'FEATURE_UNAVAILABLE', {
        headers: { ...BASIC_HEADERS, 'X-Shop-Id': basicShop?.id ?? 'x' },
      });
    });
  });

  describe('products (4.2)', () => {
    it('returns the shop’s catalog in pages of 10 by default, up to 100', async () => {
      const { ok } = client();
      const all = await fixture().products(main());
      expect(all.length).toBeGreaterThanOrEqual(30);
      const first = await ok('products', productSchema, scoped(main()));
      expect(first.items).toEqual(all.slice(0, 10));
      expect(first.pagination).toEqual({
        page: 1,
        limit: 10,
        total: all.length,
        totalPages: Math.ceil(all.length / 10),
      });
      const big = await ok('products?limit=100&page=1', productSchema, scoped(main()));
      expect(big.items).toEqual(all.slice(0, 100));
      const third = await ok('products?limit=7&page=3', productSchema, scoped(main()));
      expect(third.items).toEqual(all.slice(14, 21));
      const past = await ok('products?page=99', productSchema, scoped(main()));
      expect(past).toEqual({
        items: [],
        pagination: { page: 99, limit: 10, total: all.length, totalPages: Math.ceil(all.length / 10) },
      });
    });

    it('is scoped: another shop of the same key has its own catalog', async () => {
      const { ok } = client();
      const gb = activeDemo()[1]!.id;
      const gbIds = (await ok('products?limit=100', productSchema, scoped(gb))).items.map((p) => p.id);
      const usIds = new Set((await fixture().products(main())).map((p) => p.id));
      expect(gbIds.length).toBeGreaterThan(0);
      expect(gbIds.filter((id) => usIds.has(id))).toEqual([]);
    });

    it('filters by part of name, productId, seller SKU and SKU id, ignoring case', async () => {
      const { ok } = client();
      const all = await fixture().products(main());
      const sample = all.find((p) => p.skus.length > 1) ?? all[0]!;
      const sku = sample.skus[0]!;
      const filters: Array<Record<string, string>> = [
        { name: sample.name.slice(1, 6).toUpperCase() },
        { productId: sample.productId.slice(-5) },
        { skuName: sku.sku.slice(1, -1).toLowerCase() },
        { skuId: sku.id.slice(-6).toUpperCase() },
        { name: sample.name.slice(0, 3), skuId: sku.id },
      ];
      for (const filter of filters) {
        const expected = filterProducts(all, filter);
        expect(expected.length, JSON.stringify(filter)).toBeGreaterThan(0);
        const page = await ok(`products?limit=100&${new URLSearchParams(filter)}`, productSchema, scoped(main()));
        expect(page.items, JSON.stringify(filter)).toEqual(expected);
        expect(page.pagination.total).toBe(expected.length);
      }
    });

    it('matches %, _, quotes and non-ASCII text literally', async () => {
      const { ok } = client();
      const all = await fixture().products(main());
      const quoted = all.find((p) => p.name.includes('"'));
      const nonAscii = all.find((p) => /[^\x00-\x7f]/.test(p.name));
      const needles = [
        ...TRICKY_FILTERS,
        QUOTED_NAME_PART,
        '=',
        ...(nonAscii ? [nonAscii.name.slice(0, 8).toUpperCase()] : []),
      ];
      expect(quoted, 'demo data has a product name with quotes').toBeDefined();
      expect(filterProducts(all, { name: QUOTED_NAME_PART }).length).toBeGreaterThan(0);
      for (const name of needles) {
        const expected = filterProducts(all, { name });
        const page = await ok(`products?limit=100&name=${encodeURIComponent(name)}`, productSchema, scoped(main()));
        expect(
          page.items.map((p) => p.id),
          name,
        ).toEqual(expected.map((p) => p.id));
      }
      expect(filterProducts(all, { name: '%' }).length).toBeLessThan(all.length);
    });
  });
}
