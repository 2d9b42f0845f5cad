import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order, type OrderProduct } from '@/lib/contract';
import { MAIN_SHOP_KEY, planDemoData, writeDemoData } from '@/lib/service/demo';
import { generateShopOrders, shopVolume, type DemoOrder } from '@/lib/service/demo/orders';
import { skuSettlementBias } from '@/lib/service/demo/settlement';
import { createServiceHandler, type ServiceHandler } from '@/lib/service/handler';
import { createServiceStore, type SqlServiceStore } from '@/lib/service/store';
import { SETTLEMENT_CHECK_MS } from '@/lib/service/store/settlement';
import { createClient, DEMO_HEADERS } from './client';

// Orders settle while the service runs (lib/service/demo/README.md, "Settlement"): demo data
// generated at a fixed time, read through the HTTP handler while the store's clock moves on. The
// expected state of every order at time t comes from the generator: SETTLED with its settled
// figures once t ≥ its settle time, otherwise its estimate as generated.

const NOW = new Date('2026-05-20T18:30:00Z');
const DAY_MS = 86_400_000;
const plan = planDemoData({ now: NOW, mainShopOrders: 3_000 });
const main = plan.shops.find((s) => s.key === MAIN_SHOP_KEY)!;
const shopId = main.shop.id;
const generated: DemoOrder[] = [
  ...generateShopOrders(plan.seed, main, plan.catalogs.get(MAIN_SHOP_KEY)!, shopVolume(plan.seed, main, NOW)),
];
const cents = (amount: number) => Math.round(amount * 100);

/** The order as the service must serve it at `ms`. */
const expectedAt = (o: DemoOrder, ms: number): Order => (o.final.settleAt * 1000 <= ms ? o.final.order : o.order);

interface Opened {
  store: SqlServiceStore;
  handler: ServiceHandler;
  clock: { ms: number };
}

async function admin(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database (a temporary SQLite file or a PostgreSQL database of its own) and its disposal. */
async function database(backend: 'sqlite' | 'postgres', name: string) {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `service-${name}-`));
    return { target: { sqliteFile: join(dir, 'service.db') }, dispose: async () => rmSync(dir, { recursive: true }) };
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { target: { url: url.toString() }, dispose: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function open(target: { url?: string; sqliteFile?: string }, generate: boolean): Promise<Opened> {
  const clock = { ms: NOW.getTime() };
  const store = await createServiceStore({ ...target, now: () => clock.ms });
  if (generate) await writeDemoData((work) => store.db.transaction().execute(work), plan, { sqlite: store.sqlite });
  store.invalidateCaches();
  const handler = createServiceHandler({ store, ratePerMinute: 1_000_000, ipRatePerMinute: 1_000_000 });
  return { store, handler, clock };
}

function reader(handler: ServiceHandler) {
  const { ok } = createClient(handler, { headers: { ...DEMO_HEADERS, 'X-Shop-Id': shopId } });
  const page = (query: string) => ok(`orders-by-product?${query}`, orderSchema);
  return {
    page,
    async byNumber(orderNumber: string): Promise<Order> {
      const { items } = await page(`orderNumber=${orderNumber}`);
      return items.find((o) => o.orderNumber === orderNumber)!;
    },
    /** Every order matching `query`, page by page; each page's total must agree. */
    async all(query: string): Promise<{ orders: Order[]; total: number }> {
      const first = await page(`${query}&limit=100&page=1`);
      const orders = [...first.items];
      for (let p = 2; p <= first.pagination.totalPages; p++) {
        const next = await page(`${query}&limit=100&page=${p}`);
        expect(next.pagination.total).toBe(first.pagination.total);
        orders.push(...next.items);
      }
      return { orders, total: first.pagination.total };
    },
  };
}

const isCost = (v: number) => v <= 0 && !Object.is(v, -0);
function checkMoney(line: OrderProduct) {
  for (const group of [line.shippingCost, line.platformFees, line.affiliateCommission]) {
    const parts = Object.entries(group).filter(([k]) => k !== 'total');
    expect(cents(group.total)).toBe(parts.reduce((s, [, v]) => s + cents(v), 0));
    expect(Object.values(group).every(isCost)).toBe(true);
  }
}

function suite(backend: 'sqlite' | 'postgres') {
  const name = `spd_settlement_${backend}`;
  let a: Opened;
  let b: Opened;
  let disposeA: () => Promise<void>;
  let disposeC: (() => Promise<void>) | undefined;
  const closing: SqlServiceStore[] = [];

  beforeAll(async () => {
    const db = await database(backend, name);
    disposeA = db.dispose;
    a = await open(db.target, true);
    // A second process on the same database: it generates nothing and reads what A wrote.
    b = await open(db.target, false);
    closing.push(a.store, b.store);
  });

  afterAll(async () => {
    for (const store of closing) await store.close();
    await disposeA?.();
    await disposeC?.();
  });

  it('serves an unsettled order’s estimate until its settle time, then its settled figures', async () => {
    // A pending order with a SKU whose shipping is re-rated higher, settling within 10 days.
    const o = generated.find(
      (g) =>
        g.settlement &&
        g.order.orderType === 'UNSETTLED' &&
        g.final.settleAt * 1000 < NOW.getTime() + 10 * DAY_MS &&
        g.estimate.products.some((p) => skuSettlementBias(plan.seed, p.skuId).shipping[0] > 0),
    )!;
    expect(o).toBeDefined();
    const read = reader(a.handler);
    const before = await read.byNumber(o.order.orderNumber);
    expect(before).toEqual(o.order);
    expect(before.orderType).toBe('UNSETTLED');

    a.clock.ms = o.final.settleAt * 1000 - 1000;
    expect((await read.byNumber(o.order.orderNumber)).orderType).toBe('UNSETTLED');
    a.clock.ms = o.final.settleAt * 1000 + SETTLEMENT_CHECK_MS;
    const after = await read.byNumber(o.order.orderNumber);
    expect(after.orderType).toBe('SETTLED');
    expect(after).toEqual(o.final.order);

    after.products.forEach((line, i) => {
      const estimate = before.products[i]!;
      checkMoney(line);
      const unchanged = (p: OrderProduct) => [p.gmv, p.gmvBreakdown, p.grossSales, p.promos, p.costOfGoods, p.skuId];
      expect(unchanged(line)).toEqual(unchanged(estimate));
      expect(line.platformFees.transactionFee).toBe(estimate.platformFees.transactionFee);
      const bias = skuSettlementBias(plan.seed, line.skuId);
      const ratio = cents(line.shippingCost.total) / cents(estimate.shippingCost.total);
      if (bias.shipping[0] > 0 && cents(estimate.shippingCost.total) < -100) {
        expect(ratio).toBeGreaterThanOrEqual(1.05 - 0.01);
        expect(ratio).toBeLessThanOrEqual(1.15 + 0.01);
      }
    });
  });

  it('lets a second process on the same database see orders settled by the first', async () => {
    const t = a.clock.ms + 4 * DAY_MS;
    const expected = generated.filter((g) => expectedAt(g, t).orderType === 'SETTLED').length;
    const readA = reader(a.handler);
    const readB = reader(b.handler);
    b.clock.ms = a.clock.ms;
    // B memoises the count of SETTLED orders at the current time…
    const earlier = (await readB.page('orderType=SETTLED&limit=1')).pagination.total;
    expect(earlier).toBeLessThan(expected);
    // …A's clock moves on and A applies what is due…
    a.clock.ms = t;
    expect((await readA.page('orderType=SETTLED&limit=1')).pagination.total).toBe(expected);
    // …and B, at its next check, finds nothing due but sees that settlements were applied.
    b.clock.ms = t;
    expect((await readB.page('orderType=SETTLED&limit=1')).pagination.total).toBe(expected);
  });

  it('filters, counts and pages by orderType as the clock says, with and without other filters', async () => {
    const read = reader(a.handler);
    const since = Math.floor(NOW.getTime() / 1000) - 40 * 86_400;
    const window = `startDate=${since}`;
    const costly = plan.catalogs
      .get(MAIN_SHOP_KEY)!
      .skus.find((s) => skuSettlementBias(plan.seed, s.id).shipping[0] > 0)!;
    for (const t of [a.clock.ms + 6 * DAY_MS, a.clock.ms + 15 * DAY_MS, NOW.getTime() + 40 * DAY_MS]) {
      a.clock.ms = t;
      const now = generated.map((g) => expectedAt(g, t));
      for (const orderType of ['SETTLED', 'UNSETTLED', 'DRAFT'] as const) {
        for (const extra of ['', `&${window}`, `&${window}&skuId=${costly.id}`]) {
          const expected = now
            .filter(
              (o) =>
                o.orderType === orderType &&
                (!extra || o.createTime >= since) &&
                (!extra.includes('skuId') || o.products.some((p) => p.skuId === costly.id)),
            )
            .sort((x, y) => y.createTime - x.createTime || (x.id < y.id ? 1 : -1));
          const { orders, total } = await read.all(`orderType=${orderType}${extra}`);
          expect(total, `${orderType}${extra} at +${(t - NOW.getTime()) / DAY_MS} days`).toBe(expected.length);
          expect(orders).toEqual(expected);
        }
      }
    }
    // 40 days on, everything generated has settled.
    expect((await read.page('orderType=UNSETTLED&limit=1')).pagination.total).toBe(0);
    expect((await read.page('orderType=DRAFT&limit=1')).pagination.total).toBe(0);
    expect((await read.page('orderType=SETTLED&limit=1')).pagination.total).toBe(generated.length);
  });

  it('serves the same bytes as a store generated at the same time that settled everything at once', async () => {
    const db = await database(backend, `${name}_again`);
    disposeC = db.dispose;
    const c = await open(db.target, true);
    closing.push(c.store);
    c.clock.ms = a.clock.ms;
    const bytes = async (handler: ServiceHandler, query: string) => {
      const request = new Request(`http://service.test/api/v1/orders-by-product?${query}`, {
        headers: { ...DEMO_HEADERS, 'X-Shop-Id': shopId },
      });
      return (await handler.handle(request, { clientIp: '10.0.0.1' })).text();
    };
    for (const query of [
      'limit=100',
      'limit=100&page=7&sort=ASC',
      'orderType=SETTLED&limit=50&page=3',
      'name=candle',
    ]) {
      expect(await bytes(c.handler, query)).toBe(await bytes(a.handler, query));
    }
  });
}

describe('settlement on SQLite', () => suite('sqlite'));
describe.skipIf(!process.env.TEST_DATABASE_URL)('settlement on PostgreSQL', () => suite('postgres'));
