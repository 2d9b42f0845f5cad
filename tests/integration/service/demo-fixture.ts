import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Order, Product, RefundDay, Shop } from '@/lib/contract';
import { createServiceHandler, type ServiceHandler } from '@/lib/service/handler';
import { ensureDemoData } from '@/lib/service/demo';
import { createServiceStore, type SqlServiceStore } from '@/lib/service/store';

// The real store with the demo data, on SQLite (a temporary file) or PostgreSQL (a database of
// its own, created and dropped here), plus the ground truth read straight from its tables, which
// the conformance suite uses as the oracle for every filter, sort and page. The store's clock stays
// at the generation time: no order settles while the suite compares.

export interface ShopRow {
  id: string;
  accountId: string;
  active: boolean;
  shop: Shop;
}

export interface DemoFixture {
  handler: ServiceHandler;
  shops: ShopRow[];
  /** The demo key's account id. */
  demoAccountId: string;
  orders(shopId: string): Promise<Order[]>;
  products(shopId: string): Promise<Product[]>;
  refunds(shopId: string): Promise<RefundDay[]>;
  close(): Promise<void>;
}

const PG_DATABASE = 'spd_service_test';

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openStore(
  backend: 'sqlite' | 'postgres',
  now: () => number,
): Promise<{ store: SqlServiceStore; dispose: () => Promise<void> }> {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'service-conformance-'));
    const store = await createServiceStore({ url: null, sqliteFile: join(dir, 'service.db'), now });
    return { store, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${PG_DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${PG_DATABASE}`;
  const store = await createServiceStore({ url: url.toString(), now });
  return { store, dispose: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`) };
}

const parse = <T>(rows: Array<{ payload: string }>) => rows.map((r) => JSON.parse(r.payload) as T);

export async function openDemoFixture(backend: 'sqlite' | 'postgres'): Promise<DemoFixture> {
  const generatedAt = new Date();
  const { store, dispose } = await openStore(backend, () => generatedAt.getTime());
  await ensureDemoData(store, { now: generatedAt });
  const db = store.db;
  const shopRows = await db
    .selectFrom('svc_shop')
    .select(['id', 'account_id', 'active', 'payload'])
    .orderBy('position')
    .execute();
  const key = await db
    .selectFrom('svc_app_key')
    .select('account_id')
    .where('app_key', '=', 'demo-app-key')
    .executeTakeFirstOrThrow();
  return {
    // Limits far above what the suite sends: their rules are tested with a fake clock elsewhere.
    handler: createServiceHandler({ store, ratePerMinute: 1_000_000, ipRatePerMinute: 1_000_000 }),
    shops: shopRows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      active: Number(r.active) === 1,
      shop: JSON.parse(r.payload) as Shop,
    })),
    demoAccountId: key.account_id,
    orders: async (shopId) =>
      parse<Order>(await db.selectFrom('svc_order').select('payload').where('shop_id', '=', shopId).execute()),
    products: async (shopId) =>
      parse<Product>(
        await db
          .selectFrom('svc_product')
          .select('payload')
          .where('shop_id', '=', shopId)
          .orderBy('position')
          .execute(),
      ),
    refunds: async (shopId) =>
      parse<RefundDay>(await db.selectFrom('svc_refund_day').select('payload').where('shop_id', '=', shopId).execute()),
    async close() {
      await store.close();
      await dispose();
    },
  };
}
