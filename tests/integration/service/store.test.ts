import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ordersQuerySchema,
  productsQuerySchema,
  refundsQuerySchema,
  shopsQuerySchema,
  type Order,
} from '@/lib/contract';
import { verifySecret } from '@/lib/service/secret-hash';
import { MAIN_SHOP_KEY, ensureDemoData, planDemoData, writeDemoData } from '@/lib/service/demo';
import { generateShopOrders, shopVolume } from '@/lib/service/demo/orders';
import { createServiceStore, type SqlServiceStore } from '@/lib/service/store';

// The store's filters, sorting and pagination against an oracle computed from the generator's
// own output, on SQLite and (with TEST_DATABASE_URL) on PostgreSQL in a database of its own. The
// store's clock stays at the generation time, so no order settles during the suite.

const NOW = new Date('2026-05-20T18:30:00Z');
const plan = planDemoData({ now: NOW, mainShopOrders: 3_000 });
const mainShop = plan.shops.find((s) => s.key === MAIN_SHOP_KEY)!;
const expectedOrders = [
  ...generateShopOrders(plan.seed, mainShop, plan.catalogs.get(MAIN_SHOP_KEY)!, shopVolume(plan.seed, mainShop, NOW)),
].map((o) => o.order);
const PG_DATABASE = 'spd_store_test';
const clock = () => NOW.getTime();

async function admin(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function pgUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${PG_DATABASE}`;
  return url.toString();
}

const newest = (a: Order, b: Order) => b.createTime - a.createTime || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const has = (text: string, needle: string) => text.toLowerCase().includes(needle.toLowerCase());

function suite(backend: 'sqlite' | 'postgres') {
  let store: SqlServiceStore;
  let dir = '';
  const orders = (params: Record<string, string>) =>
    store.listOrders(mainShop.shop.id, ordersQuerySchema.parse(params));
  const ids = (list: Order[]) => list.map((o) => o.id);

  beforeAll(async () => {
    if (backend === 'sqlite') {
      dir = mkdtempSync(join(tmpdir(), 'service-store-'));
      store = await createServiceStore({ sqliteFile: join(dir, 'service.db'), now: clock });
    } else {
      await admin(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${PG_DATABASE}`);
      store = await createServiceStore({ url: pgUrl(), now: clock });
    }
    await writeDemoData((work) => store.db.transaction().execute(work), plan, { sqlite: store.sqlite });
    store.invalidateCaches();
  });

  afterAll(async () => {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (backend === 'postgres') await admin(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  });

  it('pages orders newest first with a stable id tie-breaker, or oldest first on request', async () => {
    const all = [...expectedOrders].sort(newest);
    const first = await orders({ limit: '100' });
    expect(first.pagination).toEqual({ page: 1, limit: 100, total: 3_000, totalPages: 30 });
    expect(ids(first.items)).toEqual(ids(all.slice(0, 100)));
    expect(first.items[0]).toEqual(all[0]);
    const third = await orders({ page: '3', limit: '7', sort: 'ASC' });
    expect(ids(third.items)).toEqual(ids([...all].reverse().slice(14, 21)));
    const past = await orders({ page: '31', limit: '100' });
    expect(past).toEqual({ items: [], pagination: { page: 31, limit: 100, total: 3_000, totalPages: 30 } });
  });

  it.each([
    ['status (exact, any case)', { status: 'cancelled' }, (o: Order) => o.status === 'CANCELLED'],
    ['orderType', { orderType: 'DRAFT' }, (o: Order) => o.orderType === 'DRAFT'],
    ['sampleOrder', { sampleOrder: 'YES' }, (o: Order) => o.sampleOrder === 'YES'],
    ['order number part', { orderNumber: '0001' }, (o: Order) => o.orderNumber.includes('0001')],
    ['product name, any case, Unicode', { name: 'CRÈME' }, (o: Order) => o.products.some((p) => has(p.name, 'crème'))],
    [
      'name with HTML and quotes, literally',
      { name: '<b>bold</b> & "quoted" \'' },
      (o: Order) => o.products.some((p) => has(p.name, '<b>bold</b> & "quoted" \'')),
    ],
    [
      'skuName matches SKU name',
      { skuName: 'lavender' },
      (o: Order) => o.products.some((p) => has(p.skuName, 'lavender')),
    ],
    [
      'skuName matches seller SKU',
      { skuName: 'cbc-van' },
      (o: Order) => o.products.some((p) => has(p.sellerSku, 'cbc-van')),
    ],
    [
      'product and status together',
      { name: 'mug', status: 'COMPLETED' },
      (o: Order) => o.status === 'COMPLETED' && o.products.some((p) => has(p.name, 'mug')),
    ],
    ['% and _ are literal', { name: '%' }, () => false],
    ['backslash is literal', { skuName: '\\' }, () => false],
  ] as const)('filters orders by %s', async (_label, params, match) => {
    const expected = expectedOrders.filter(match).sort(newest);
    const page = await orders({ ...params, limit: '100' });
    expect(page.pagination.total).toBe(expected.length);
    expect(ids(page.items)).toEqual(ids(expected.slice(0, 100)));
  });

  it('gives the same order pages as stored JSON bytes, byte for byte what serialising each order gives', async () => {
    for (const params of [
      { limit: '100' },
      { page: '4', limit: '9', sort: 'ASC' },
      { name: 'crème', status: 'COMPLETED' },
      { page: '999' },
    ]) {
      const q = ordersQuerySchema.parse(params);
      const typed = await store.listOrders(mainShop.shop.id, q);
      const raw = await store.listOrdersRaw(mainShop.shop.id, q);
      expect(raw.pagination).toEqual(typed.pagination);
      expect(raw.itemsJson.map((bytes) => Buffer.from(bytes).toString('utf8'))).toEqual(
        typed.items.map((o) => JSON.stringify(o)),
      );
    }
  });

  it('filters by productId and skuId parts, and an inclusive create-time window', async () => {
    const line = expectedOrders[1234]!.products[0]!;
    const byProduct = expectedOrders.filter((o) => o.products.some((p) => p.productId === line.productId));
    expect((await orders({ productId: line.productId.slice(2, 12) })).pagination.total).toBe(byProduct.length);
    const bySku = expectedOrders.filter((o) => o.products.some((p) => p.skuId === line.skuId));
    expect((await orders({ skuId: line.skuId })).pagination.total).toBe(bySku.length);
    const start = expectedOrders[500]!.createTime;
    const end = expectedOrders[900]!.createTime;
    const inWindow = expectedOrders.filter((o) => o.createTime >= start && o.createTime <= end).sort(newest);
    const window = await orders({ startDate: String(start), endDate: String(end), limit: '100', page: '2' });
    expect(window.pagination.total).toBe(inWindow.length);
    expect(ids(window.items)).toEqual(ids(inWindow.slice(100, 200)));
  });

  it('lists only active shops of the key, by id or name part', async () => {
    const all = await store.listShops('demo-app-key', shopsQuerySchema.parse({}));
    expect(all.items.map((s) => s.shopName)).toEqual(
      plan.shops.filter((s) => s.accountId === 'acct-demo' && s.active).map((s) => s.shop.shopName),
    );
    expect(
      (await store.listShops('demo-app-key', shopsQuerySchema.parse({ name: 'LUMEN & CO. UK' }))).items.map(
        (s) => s.shopRegion,
      ),
    ).toEqual(['GB']);
    const inactive = plan.shops.find((s) => !s.active)!.shop.id;
    expect((await store.listShops('demo-app-key', shopsQuerySchema.parse({ id: inactive }))).pagination.total).toBe(0);
    expect(await store.findShopForKey('demo-app-key', inactive)).toBeUndefined();
    const other = plan.shops.find((s) => s.accountId === 'acct-other')!.shop.id;
    expect(await store.findShopForKey('demo-app-key', other)).toBeUndefined();
    expect(await store.findShopForKey('other-app-key', other)).toEqual(
      plan.shops.find((s) => s.shop.id === other)!.shop,
    );
  });

  it('filters products by name, productId, seller SKU and SKU id parts, keeping all their SKUs', async () => {
    const catalog = plan.catalogs.get(MAIN_SHOP_KEY)!.products.map((p) => p.product);
    const list = (params: Record<string, string>) =>
      store.listProducts(mainShop.shop.id, productsQuerySchema.parse({ limit: '100', ...params }));
    expect((await list({})).items).toEqual(catalog);
    expect((await list({ name: 'çay' })).items.map((p) => p.name)).toEqual(['Çay bardağı tea glass set']);
    const candle = await list({ skuName: 'cbc-van' });
    expect(candle.items.map((p) => p.skus.length)).toEqual([4]);
    const sku = catalog[3]!.skus[1]!;
    expect((await list({ skuId: sku.id.slice(3) })).items.map((p) => p.id)).toEqual([catalog[3]!.id]);
    expect((await list({ productId: catalog[5]!.productId.toUpperCase() })).items.map((p) => p.id)).toContain(
      catalog[5]!.id,
    );
    expect((await list({ page: '3', limit: '20' })).items).toEqual([]);
  });

  it('returns refund days in a date range, newest first by default', async () => {
    const volumeDays = shopVolume(plan.seed, mainShop, NOW).days;
    const start = volumeDays[100]!.start;
    const end = volumeDays[130]!.start;
    const desc = await store.listRefunds(
      mainShop.shop.id,
      refundsQuerySchema.parse({ startDate: String(start), endDate: String(end), limit: '100' }),
    );
    expect(desc.items.length).toBe(desc.pagination.total);
    expect(desc.pagination.total).toBeGreaterThan(5);
    expect(desc.items.every((r) => r.date >= start && r.date <= end)).toBe(true);
    const dates = desc.items.map((r) => r.date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const asc = await store.listRefunds(
      mainShop.shop.id,
      refundsQuerySchema.parse({ startDate: String(start), endDate: String(end), sort: 'ASC', limit: '2', page: '2' }),
    );
    expect(asc.items.map((r) => r.date)).toEqual([...dates].reverse().slice(2, 4));
  });

  it('stores app secrets hashed, with the REST feature flag per account', async () => {
    const demo = (await store.findCredential('demo-app-key'))!;
    expect(demo.secretHash).not.toContain('demo-app-secret');
    expect(await verifySecret('demo-app-secret', demo.secretHash, demo.salt)).toBe(true);
    expect(await verifySecret('demo-app-secret ', demo.secretHash, demo.salt)).toBe(false);
    expect((await store.findCredential('basic-app-key'))!.restFeature).toBe(false);
    expect(demo.restFeature).toBe(true);
    expect(await store.findCredential('nobody')).toBeUndefined();
  });
}

describe('service store on SQLite', () => suite('sqlite'));
describe.skipIf(!process.env.TEST_DATABASE_URL)('service store on PostgreSQL', () => suite('postgres'));

describe('first-start demo data', () => {
  it('is generated once, and the demo secret can be replaced', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-demo-'));
    try {
      const store = await createServiceStore({ sqliteFile: join(dir, 'service.db') });
      expect(await ensureDemoData(store, { now: NOW })).toBe(true);
      expect(await ensureDemoData(store, { now: NOW, demoAppSecret: 'a-distinctive-secret' })).toBe(false);
      const demo = (await store.findCredential('demo-app-key'))!;
      expect(await verifySecret('a-distinctive-secret', demo.secretHash, demo.salt)).toBe(true);
      expect(await verifySecret('demo-app-secret', demo.secretHash, demo.salt)).toBe(false);
      const shops = await store.listShops('demo-app-key', shopsQuerySchema.parse({}));
      const main = await store.listOrders(shops.items[0]!.id, ordersQuerySchema.parse({}));
      expect(main.pagination.total).toBeGreaterThanOrEqual(20_000);
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is generated by exactly one of two stores starting at once (PostgreSQL)',
    async () => {
      const name = `${PG_DATABASE}_race`;
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        const stores = await Promise.all([
          createServiceStore({ url: url.toString() }),
          createServiceStore({ url: url.toString() }),
        ]);
        const results = await Promise.all(stores.map((s) => ensureDemoData(s, { now: NOW })));
        expect(results.sort()).toEqual([false, true]);
        const counts = await Promise.all(
          stores.map(async (s) => (await s.listShops('demo-app-key', shopsQuerySchema.parse({}))).pagination.total),
        );
        expect(counts).toEqual([3, 3]);
        await Promise.all(stores.map((s) => s.close()));
      } finally {
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  );
});
