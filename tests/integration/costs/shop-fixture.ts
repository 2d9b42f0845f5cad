import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Product } from '@/lib/contract';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { openOrderStore } from '@/lib/store/open';
import type { OrderStore } from '@/lib/store/order-store';
import { fakeClient, signedInCookie } from '@/tests/integration/api/support';

/**
 * The cost routes' test bed: a SQLite store of the file's own (in `holder`, which the file serves
 * with serveFromHolder), a signed-in cookie, and for each test a shop of its own
 * in the fake key's list with `products` as its catalog, so no two tests meet each other's inputs.
 * Read `shopId` and `cookie` from the returned object inside a test.
 */
export function costRoutesShop(
  holder: { store?: OrderStore },
  products: Product[],
  prefix: string,
  options: { shopName?: string; upstreamCatalog?: boolean } = {},
) {
  const state = { shopId: '', cookie: '', dir: '', seq: 0 };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), `${prefix}-routes-`));
    holder.store = await openOrderStore({ sqliteFile: join(state.dir, 'store.db') });
    state.cookie = await signedInCookie();
  });
  afterAll(async () => {
    setUpstreamClientForTests(undefined);
    await holder.store?.close();
    rmSync(state.dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    state.seq += 1;
    const shopId = `shop-${prefix}${state.seq}`;
    state.shopId = shopId;
    // With `upstreamCatalog`, the fake key's products answer is the catalog too (read before a first sync).
    const client = fakeClient(
      options.upstreamCatalog
        ? {
            products: async () => ({
              items: products,
              pagination: { page: 1, limit: 20, total: products.length, totalPages: 1 },
            }),
          }
        : {},
    );
    const base = client.shops;
    client.shops = async (...args) => {
      const page = await base(...args);
      return {
        ...page,
        items: [
          ...page.items,
          { ...page.items[0]!, id: shopId, shopName: `${options.shopName ?? 'Shop'} ${state.seq}` },
        ],
      };
    };
    setUpstreamClientForTests(client);
    await holder.store!.upsertCatalog(shopId, products);
  });
  return state;
}
