import 'server-only';
import type { ConnectedShop } from '@/lib/api/schemas';
import { SHOP_LIST } from '@/lib/config/cache-limits';
import { currencyForRegion } from '@/lib/format/currency';
import { iteratePages } from '@/lib/upstream';
import type { Priority, UpstreamClient } from '@/lib/upstream/types';
import { DashboardError } from '../dashboard-error';
import { isUpstreamFailure } from '../error-guards';
import { upstream } from '../upstream';
import { noteShopViewed } from '@/lib/sync';

export type { ConnectedShop };

// One shop list per process, kept on globalThis: Next gives every route bundle its own copy of
// this module, and one list per bundle meant one refresh per bundle, each queued behind people's
// requests (issue 10, item 8). A person never waits for a refresh: the list is renewed in the
// background once it is SHOP_LIST.refreshAfterMs old and the previous one is served meanwhile. Only
// a cold start (or a list older than SHOP_LIST.maxStaleMs, e.g. after an idle hour) is fetched on
// the path. One value, not a keyed cache: it needs no lru-cache, but its times live with the
// others in lib/config/cache-limits.

interface ShopList {
  client: UpstreamClient;
  shops?: ConnectedShop[];
  fetchedAt: number;
  nextRefreshAt: number;
  pending?: Promise<ConnectedShop[]>;
}

const globals = globalThis as typeof globalThis & { __spdShopList?: { list?: ShopList } };
const state = (globals.__spdShopList ??= {});

async function fetchAllShops(client: UpstreamClient, priority: Priority): Promise<ConnectedShop[]> {
  const shops: ConnectedShop[] = [];
  for await (const page of iteratePages((page, limit) =>
    client.shops({ page, limit }, { priority, bypassCache: true }),
  )) {
    for (const shop of page.items) shops.push({ ...shop, currency: currencyForRegion(shop.shopRegion) });
  }
  return shops;
}

function refresh(list: ShopList, priority: Priority, now: () => number): Promise<ConnectedShop[]> {
  list.pending ??= fetchAllShops(list.client, priority)
    .then((shops) => {
      const at = now();
      Object.assign(list, { shops, fetchedAt: at, nextRefreshAt: at + SHOP_LIST.refreshAfterMs });
      return shops;
    })
    .catch((error: unknown) => {
      list.nextRefreshAt = now() + SHOP_LIST.retryAfterFailureMs;
      throw error;
    })
    .finally(() => {
      list.pending = undefined;
    });
  return list.pending;
}

/** Every shop of the configured app key (all pages); concurrent callers share one fetch. */
export function connectedShops(now: () => number = Date.now): Promise<ConnectedShop[]> {
  const client = upstream();
  if (state.list?.client !== client) state.list = { client, fetchedAt: 0, nextRefreshAt: 0 };
  const list = state.list;
  const t = now();
  if (list.shops && t - list.fetchedAt < SHOP_LIST.maxStaleMs) {
    if (t >= list.nextRefreshAt) refresh(list, 'background', now).catch(() => undefined);
    return Promise.resolve(list.shops);
  }
  return refresh(list, 'interactive', now);
}

/** The connected shops whose name contains `name` (case-insensitive), or all of them. */
export async function loadShops(name: string | undefined): Promise<{ items: ConnectedShop[] }> {
  const needle = name?.toLowerCase();
  const shops = await connectedShops();
  return { items: needle ? shops.filter((shop) => shop.shopName.toLowerCase().includes(needle)) : shops };
}

/** Drops the list (the upstream no longer knows a shop on it); the next caller fetches it again. */
export function forgetConnectedShops(): void {
  state.list = undefined;
}

/** The shop, if the configured key lists it; otherwise 404 SHOP_NOT_FOUND before any shop-scoped call. */
export async function requireShop(shopId: string): Promise<ConnectedShop> {
  const shop = (await connectedShops()).find((s) => s.id === shopId);
  if (!shop) throw new DashboardError('SHOP_NOT_FOUND');
  return shop;
}

/**
 * Runs `fn` for a checked shop, noting that a person is looking at it (the refresh policy keeps
 * its today fresher). If the upstream no longer knows the shop, the cached list is dropped.
 */
export async function withShop<T>(shopId: string, fn: (shop: ConnectedShop) => Promise<T>): Promise<T> {
  const shop = await requireShop(shopId);
  noteShopViewed(shop.id);
  try {
    return await fn(shop);
  } catch (error) {
    if (isUpstreamFailure(error) && error.code === 'SHOP_NOT_FOUND') forgetConnectedShops();
    throw error;
  }
}
