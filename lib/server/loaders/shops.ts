import 'server-only';
import type { ConnectedShop, ShopsData, UnavailableShop } from '@/lib/api/schemas';
import { isIanaTimeZone, type Shop } from '@/lib/contract';
import { SHOP_LIST } from '@/lib/config/cache-limits';
import { currencyForRegion } from '@/lib/format/currency';
import { iteratePages, UpstreamError } from '@/lib/upstream';
import { isRoutedClient, type RoutedShop } from '@/lib/connections/routing';
import type { Priority, UpstreamClient } from '@/lib/upstream/types';
import { DashboardError } from '@/lib/api/dashboard-error';
import { isUpstreamFailure } from '../error-guards';
import { upstream } from '../upstream';
import { noteShopViewed } from '@/lib/sync';
import { beforeDeadline } from '@/lib/rate-limit/clock';
import { maySeeShop, visibleShops } from '../access';

export type { ConnectedShop };

// One shop list per process, kept on globalThis: Next gives every route bundle its own copy of
// this module, and one list per bundle meant one refresh per bundle, each queued behind people's
// requests. A person never waits for a refresh: the list is renewed in the
// background once it is SHOP_LIST.refreshAfterMs old and the previous one is served meanwhile. Only
// a cold start (or a list older than SHOP_LIST.maxStaleMs, e.g. after an idle hour) is fetched on
// the path. One value, not a keyed cache: it needs no lru-cache, but its times live with the
// others in lib/config/cache-limits.

interface Shops {
  usable: ConnectedShop[];
  unavailable: UnavailableShop[];
}

interface ShopList {
  client: UpstreamClient;
  shops?: Shops;
  fetchedAt: number;
  nextRefreshAt: number;
  pending?: Promise<Shops>;
}

const globals = globalThis as typeof globalThis & { __spdShopList?: { list?: ShopList } };
const state = (globals.__spdShopList ??= {});

/** Every connection's shops and the connections that could not list theirs (a plain client: its shops). */
async function listEverywhere(client: UpstreamClient, priority: Priority) {
  if (isRoutedClient(client)) return client.allShops(priority);
  const shops: (Shop & Partial<Pick<RoutedShop, 'connection'>>)[] = [];
  for await (const page of iteratePages((page, limit) =>
    client.shops({ page, limit }, { priority, bypassCache: true }),
  ))
    shops.push(...page.items);
  return { shops, problems: [] };
}

async function fetchAllShops(client: UpstreamClient, priority: Priority): Promise<Shops> {
  const shops: Shops = { usable: [], unavailable: [] };
  const listed = await listEverywhere(client, priority);
  for (const { connection, ...shop } of listed.shops) {
    // Every day of a shop is a day of its IANA time zone (the interface's rule; an offset such as
    // "+01:00" has no daylight saving of its own): a shop whose zone is not one is set aside.
    if (isIanaTimeZone(shop.timezone))
      shops.usable.push({
        ...shop,
        currency: currencyForRegion(shop.shopRegion),
        ...(connection ? { connection: connection.name } : {}),
      });
    else
      shops.unavailable.push({
        id: shop.id,
        shopName: shop.shopName,
        reason: `the Reporting Service gives it the time zone "${shop.timezone.slice(0, 60)}", which is not an IANA time zone, so its days cannot be told apart; fix the shop's time zone in the shop's settings`,
      });
  }
  // A connection that cannot list its shops: owners and admins see why (nobody is granted this entry).
  for (const problem of listed.problems)
    shops.unavailable.push({
      id: `connection:${problem.connectionId ?? 'environment'}`,
      shopName: `Every shop of the connection “${problem.name}”`,
      reason: problem.reason,
    });
  return shops;
}

function refresh(list: ShopList, priority: Priority, now: () => number): Promise<Shops> {
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

/** The shop list of the configured app key (all pages), usable and set aside; callers share one fetch. */
function shopList(now: () => number = Date.now): Promise<Shops> {
  const client = upstream();
  if (state.list?.client !== client) state.list = { client, fetchedAt: 0, nextRefreshAt: 0 };
  const list = state.list;
  const t = now();
  if (list.shops && t - list.fetchedAt < SHOP_LIST.maxStaleMs) {
    if (t >= list.nextRefreshAt) refresh(list, 'background', now).catch(() => undefined);
    return Promise.resolve(list.shops);
  }
  return withinColdWait(refresh(list, 'interactive', now));
}

/** How long a person waits for a cold shop list before being told the upstream is not answering. */
const COLD_LIST_WAIT_MS = 8_000;

/** The list, or a clear "not responding" after COLD_LIST_WAIT_MS; the fetch goes on and fills the list. */
function withinColdWait(fetching: Promise<Shops>): Promise<Shops> {
  return beforeDeadline(fetching, COLD_LIST_WAIT_MS, () => {
    throw new UpstreamError({
      code: 'UPSTREAM_UNAVAILABLE',
      requestPath: '/api/v1/shops',
      message: `The upstream did not list the shops within ${COLD_LIST_WAIT_MS} ms.`,
    });
  });
}

/** Every usable shop of the configured app key. */
export async function connectedShops(now: () => number = Date.now): Promise<ConnectedShop[]> {
  return (await shopList(now)).usable;
}

/** The connected shops whose name contains `name` (case-insensitive), or all of them, and the ones set aside. */
export async function loadShops(name: string | undefined): Promise<ShopsData> {
  const needle = name?.toLowerCase();
  const { usable, unavailable } = await shopList();
  const named = <T extends { shopName: string }>(shops: T[]) =>
    needle ? shops.filter((shop) => shop.shopName.toLowerCase().includes(needle)) : shops;
  return { items: named(await visibleShops(usable)), unavailable: named(await visibleShops(unavailable)) };
}

/** Drops the list (the upstream no longer knows a shop on it); the next caller fetches it again. */
export function forgetConnectedShops(): void {
  state.list = undefined;
}

/**
 * The shop, if the configured key lists it and the person being served may see it; otherwise 404
 * SHOP_NOT_FOUND before any shop-scoped call, the same answer for a shop not granted as for one
 * that does not exist (502 with the reason for a shop the dashboard had to set aside).
 */
export async function requireShop(shopId: string): Promise<ConnectedShop> {
  if (!(await maySeeShop(shopId))) throw new DashboardError('SHOP_NOT_FOUND');
  const { usable, unavailable } = await shopList();
  const shop = usable.find((s) => s.id === shopId);
  if (shop) return shop;
  const aside = unavailable.find((s) => s.id === shopId);
  if (aside) throw new DashboardError('BAD_UPSTREAM_PAYLOAD', `${aside.shopName} is unavailable: ${aside.reason}.`);
  throw new DashboardError('SHOP_NOT_FOUND');
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
