import type { Order, Page, Product, RefundDay, Shop } from '@/lib/contract';
import { paginate } from '@/lib/contract';
import { hashSecret } from '@/lib/service/secret-hash';
import type { AppCredential, ServiceStore } from '@/lib/service/store/types';

// A tiny in-memory ServiceStore for the handler's own rules (auth order, limits, errors), where
// the data does not matter. The conformance suite runs on the real store with demo data.

const shop = (id: string, name: string): Shop => ({
  id,
  shopName: name,
  shopId: `p-${id}`,
  shopCode: id.toUpperCase(),
  shopSellerType: 'LOCAL',
  shopRegion: 'US',
  timezone: 'America/Los_Angeles',
});

const page = <T>(items: T[], q: { page: number; limit: number }): Page<T> => ({
  items: items.slice((q.page - 1) * q.limit, q.page * q.limit),
  pagination: paginate(items.length, q.page, q.limit),
});

export interface FakeStore extends ServiceStore {
  /** Makes every data call throw, as a broken database would. */
  failWith: Error | null;
  calls: string[];
  /** Deletes a key, as revoking it in the account settings would. */
  revokeKey(appKey: string): void;
  addKey(appKey: string, secret: string): void;
}

export function createFakeStore(): FakeStore {
  const credential = (appKey: string, secret: string, restFeature: boolean, accountId: string): AppCredential => {
    const { hash, salt } = hashSecret(secret, `salt-${appKey}`);
    return { appKey, secretHash: hash, salt, restFeature, accountId };
  };
  const credentials = new Map<string, AppCredential>([
    ['demo-app-key', credential('demo-app-key', 'demo-app-secret', true, 'acc-demo')],
    ['basic-app-key', credential('basic-app-key', 'basic-app-secret', false, 'acc-basic')],
  ]);
  const shopsByKey = new Map<string, Shop[]>([
    ['demo-app-key', [shop('shop-us', 'US Store'), shop('shop-gb', 'GB Store')]],
  ]);
  const store: FakeStore = {
    failWith: null,
    calls: [],
    revokeKey: (appKey) => void credentials.delete(appKey),
    addKey: (appKey, secret) => {
      credentials.set(appKey, credential(appKey, secret, true, 'acc-demo'));
      shopsByKey.set(appKey, shopsByKey.get('demo-app-key') ?? []);
    },
    async findCredential(appKey) {
      store.calls.push(`findCredential:${appKey}`);
      return credentials.get(appKey);
    },
    async listShops(appKey, q) {
      if (store.failWith) throw store.failWith;
      return page(shopsByKey.get(appKey) ?? [], q);
    },
    async findShopForKey(appKey, shopId) {
      if (store.failWith) throw store.failWith;
      return shopsByKey.get(appKey)?.find((s) => s.id === shopId);
    },
    async listProducts(_shopId, q): Promise<Page<Product>> {
      if (store.failWith) throw store.failWith;
      return page([], q);
    },
    async listOrders(_shopId, q): Promise<Page<Order>> {
      if (store.failWith) throw store.failWith;
      return page([], q);
    },
    async listRefunds(_shopId, q): Promise<Page<RefundDay>> {
      if (store.failWith) throw store.failWith;
      return page([], q);
    },
    async close() {},
  };
  return store;
}
