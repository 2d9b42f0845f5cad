import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import { currencyForRegion } from '@/lib/format/currency';
import { iteratePages } from '@/lib/upstream';
import type { UpstreamClient } from '@/lib/upstream/types';
import { DashboardError } from './dashboard-error';
import { isUpstreamFailure } from './error-guards';
import { upstream } from './upstream';

export type { ConnectedShop };

/** Shops change rarely; a short cache keeps the check in front of every call off the request budget. */
export const SHOP_LIST_TTL_MS = 60_000;

let cached: { expiresAt: number; client: UpstreamClient; shops: Promise<ConnectedShop[]> } | undefined;

async function fetchAllShops(client: UpstreamClient): Promise<ConnectedShop[]> {
  const shops: ConnectedShop[] = [];
  for await (const page of iteratePages((page, limit) => client.shops({ page, limit }, { priority: 'interactive' }))) {
    for (const shop of page.items) shops.push({ ...shop, currency: currencyForRegion(shop.shopRegion) });
  }
  return shops;
}

/** Every shop of the configured app key (all pages), cached briefly; concurrent callers share one fetch. */
export function connectedShops(now = Date.now()): Promise<ConnectedShop[]> {
  const client = upstream();
  if (!cached || cached.expiresAt <= now || cached.client !== client) {
    const shops = fetchAllShops(client);
    const entry = { expiresAt: now + SHOP_LIST_TTL_MS, client, shops };
    cached = entry;
    shops.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.shops;
}

export function forgetConnectedShops(): void {
  cached = undefined;
}

/** The shop, if the configured key lists it; otherwise 404 SHOP_NOT_FOUND before any shop-scoped call. */
export async function requireShop(shopId: string): Promise<ConnectedShop> {
  const shop = (await connectedShops()).find((s) => s.id === shopId);
  if (!shop) throw new DashboardError('SHOP_NOT_FOUND');
  return shop;
}

/** Runs `fn` for a checked shop. If the upstream no longer knows the shop, the cached list is dropped. */
export async function withShop<T>(shopId: string, fn: (shop: ConnectedShop) => Promise<T>): Promise<T> {
  const shop = await requireShop(shopId);
  try {
    return await fn(shop);
  } catch (error) {
    if (isUpstreamFailure(error) && error.code === 'SHOP_NOT_FOUND') forgetConnectedShops();
    throw error;
  }
}
