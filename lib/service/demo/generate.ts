import type { Database as SqliteHandle } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { hashSecret } from '@/lib/service/secret-hash';
import type { ServiceDatabase } from '@/lib/service/store/schema';
import {
  writeAccounts,
  writeCatalog,
  writeMeta,
  writeOrders,
  writeRefunds,
  writeShops,
  type OrderRow,
} from '@/lib/service/store/writer';
import { DEMO_ACCOUNTS, demoShops, type DemoShop } from './accounts';
import { buildCatalog, type Catalog } from './catalog';
import { generateShopOrders, shopVolume } from './orders';
import { generateShopRefunds } from './refunds';

// The whole demo data set, planned from (seed, generation time) and written shop by shop.
// Orders are streamed in batches, so the million-order benchmark set never sits in memory.

export const DEMO_SEED = 20_240_601;

export interface DemoDataOptions {
  /** The generation time; the data covers the 400 shop-local days up to it. Default: now. */
  now?: Date;
  seed?: number;
  /** Orders of the main (US) shop; the default demo set has 22,000. */
  mainShopOrders?: number;
}

export interface DemoPlan {
  seed: number;
  now: Date;
  shops: DemoShop[];
  catalogs: Map<string, Catalog>;
}

export function planDemoData(options: DemoDataOptions = {}): DemoPlan {
  const seed = options.seed ?? DEMO_SEED;
  const shops = demoShops(seed, options.mainShopOrders);
  const catalogs = new Map(shops.map((shop) => [shop.key, buildCatalog(seed, shop)]));
  return { seed, now: options.now ?? new Date(), shops, catalogs };
}

/** Runs one unit of writes in a transaction (the caller decides how big a transaction is). */
export type InTransaction = <T>(work: (db: Kysely<ServiceDatabase>) => Promise<T>) => Promise<T>;

export interface WriteOptions {
  /** The better-sqlite3 handle of the same connection, for prepared-statement bulk inserts. */
  sqlite?: SqliteHandle | null;
  ordersPerTransaction?: number;
  onProgress?: (shop: DemoShop, written: number) => void;
}

export async function writeDemoData(run: InTransaction, plan: DemoPlan, options: WriteOptions = {}): Promise<void> {
  const batchSize = options.ordersPerTransaction ?? 20_000;
  await run(async (db) => {
    // Every other table must be empty for a data set to be written (the seed script empties the
    // ones it knows); settlements of an earlier set would otherwise apply to this one's order ids.
    await db.deleteFrom('svc_settlement').execute();
    const accounts = DEMO_ACCOUNTS.map((a) => {
      const { hash, salt } = hashSecret(a.appSecret);
      return { id: a.id, name: a.name, restFeature: a.restFeature, appKey: a.appKey, secretHash: hash, salt };
    });
    await writeAccounts(db, accounts);
    await writeShops(
      db,
      plan.shops.map((s) => ({ accountId: s.accountId, position: s.position, active: s.active, shop: s.shop })),
    );
  });
  for (const shop of plan.shops) {
    const catalog = plan.catalogs.get(shop.key)!;
    const volume = shopVolume(plan.seed, shop, plan.now);
    await run(async (db) => {
      const variants = catalog.skus.map((s) => {
        const product = catalog.products[s.productIndex]!.product;
        return {
          variantNo: s.variantNo,
          productId: product.productId,
          name: product.name,
          skuId: s.id,
          skuName: s.skuName,
          sellerSku: s.sellerSku,
        };
      });
      await writeCatalog(
        db,
        shop.shop.id,
        catalog.products.map((p) => p.product),
        variants,
      );
      await writeRefunds(db, shop.shop.id, generateShopRefunds(plan.seed, shop, catalog, volume));
    });
    let batch: OrderRow[] = [];
    let written = 0;
    const flush = async () => {
      const rows = batch;
      batch = [];
      await run((db) => writeOrders(db, shop.shop.id, rows, options.sqlite));
      written += rows.length;
      options.onProgress?.(shop, written);
    };
    for (const order of generateShopOrders(plan.seed, shop, catalog, volume)) {
      batch.push(order);
      if (batch.length >= batchSize) await flush();
    }
    if (batch.length > 0) await flush();
  }
  await run((db) =>
    writeMeta(db, {
      demo_seed: String(plan.seed),
      demo_generated_at: plan.now.toISOString(),
      demo_main_shop_orders: String(plan.shops.find((s) => s.position === 0)?.orders ?? 0),
    }),
  );
}
