import type { Order, Page, Product, RefundDay, Shop } from '@/lib/contract';
import type { UpstreamClient } from '@/lib/upstream/types';
import { POST as login } from '@/app/api/dashboard/session/route';
import { PEER_ADDRESS_HEADER } from '@/lib/session/client-address';

// Helpers for running the dashboard's route handlers in-process with real Requests.

export const ORIGIN = 'http://127.0.0.1:3200';

// Promise<never>: any route's params type accepts it, so one helper calls every route.
type RouteHandler = (request: Request, context?: { params: Promise<never> }) => Promise<Response>;

export interface CallInit extends RequestInit {
  params?: Record<string, string>;
  cookie?: string;
  /** The socket's peer address, as instrumentation.ts stamps it on every request of the real server. */
  ip?: string;
}

export async function call(handler: RouteHandler, path: string, init: CallInit = {}): Promise<Response> {
  const { params, cookie, ip, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('host', new URL(ORIGIN).host);
  if (cookie) headers.set('cookie', cookie);
  if (ip) headers.set(PEER_ADDRESS_HEADER, ip);
  const request = new Request(ORIGIN + path, { ...rest, headers });
  return handler(request, { params: Promise.resolve(params ?? {}) as Promise<never> });
}

/**
 * Calls a route as a browser of a signed-in person would: from a fresh address, with the
 * origin and a JSON body when the method writes.
 */
export function sendJson(
  route: RouteHandler,
  path: string,
  cookie: string,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
): Promise<Response> {
  const method = init.method ?? 'GET';
  return call(route, path, {
    method,
    cookie,
    params: init.params,
    ip: freshIp(),
    headers: method === 'GET' ? {} : { origin: ORIGIN, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The session cookie a response sets, as a request's Cookie header carries it. */
export const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0]!;

export async function body<T = unknown>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export type ErrorEnvelope = { success: false; error: { code: string; message: string; requestId?: string } };

let ipCounter = 0;
/** A fresh client address, so one test's failed sign-ins never throttle another's. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250)}.${ipCounter % 250}.${Math.floor(Math.random() * 250)}`;
}

/** Signs in; without an email the first owner is meant (the demo owner in tests). */
export function postLogin(
  password: string,
  ip = freshIp(),
  headers: Record<string, string> = { origin: ORIGIN },
  email?: string,
) {
  return call(login, '/api/dashboard/session', {
    method: 'POST',
    ip,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(email ? { email, password } : { password }),
  });
}

/** Signs in with the demo password and returns the Cookie header a browser would send next. */
export async function signedInCookie(): Promise<string> {
  const response = await postLogin('demo');
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

export const SHOPS: Shop[] = [
  {
    id: 'shop-us',
    shopName: 'Acme US',
    shopId: 'p-1',
    shopCode: 'US1',
    shopSellerType: 'LOCAL',
    shopRegion: 'US',
    timezone: 'America/Los_Angeles',
  },
  {
    id: 'shop-gb',
    shopName: 'Acme UK',
    shopId: 'p-2',
    shopCode: 'GB1',
    shopSellerType: 'LOCAL',
    shopRegion: 'GB',
    timezone: 'Europe/London',
  },
];

function page<T>(items: T[], pageNo = 1, limit = 100): Page<T> {
  return {
    items,
    pagination: { page: pageNo, limit, total: items.length, totalPages: Math.ceil(items.length / limit) },
  };
}

export interface FakeCalls {
  shops: number;
  products: unknown[];
  orders: unknown[];
  refunds: unknown[];
}

/** An UpstreamClient with two shops; each method can be replaced. Records shop-scoped calls. */
export function fakeClient(overrides: Partial<UpstreamClient> = {}): UpstreamClient & { calls: FakeCalls } {
  const calls: FakeCalls = { shops: 0, products: [], orders: [], refunds: [] };
  const base: UpstreamClient = {
    async shops() {
      calls.shops += 1;
      return page(SHOPS);
    },
    async products(shopId, query) {
      calls.products.push({ shopId, query });
      return page<Product>([]);
    },
    async orders(shopId, query) {
      calls.orders.push({ shopId, query });
      return page<Order>([]);
    },
    async refunds(shopId, query) {
      calls.refunds.push({ shopId, query });
      return page<RefundDay>([]);
    },
  };
  const client = { ...base, calls } as UpstreamClient & { calls: FakeCalls };
  for (const [name, fn] of Object.entries(overrides)) {
    const method = name as Exclude<keyof UpstreamClient, 'health'>;
    const original = fn as (...args: unknown[]) => unknown;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (method !== 'shops') (calls[method] as unknown[]).push({ shopId: args[0], query: args[1] });
      return original(...args);
    };
  }
  return client;
}

type AnyRoute = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
/** A route as its module types it: params of the shop (and entry). */
type KindRoute = (request: Request, context?: { params: Promise<{ shopId: string }> }) => Promise<Response>;

/**
 * The handlers of a `your-costs/[kind]/…` route module with the kind's segment filled in, as Next
 * fills it from the path: `forKind(await import('…/[kind]/route'), 'ad-spend').POST`.
 */
export function forKind<M extends Record<string, unknown>>(
  module: M,
  kind: string,
): Record<'POST' | 'PUT' | 'DELETE', KindRoute> {
  const out: Record<string, KindRoute> = {};
  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    const handler = module[method] as AnyRoute | undefined;
    if (!handler) continue;
    out[method] = (request, context) =>
      handler(request, {
        params: Promise.resolve(context?.params ?? {}).then((p) => ({ ...p, kind })) as Promise<never>,
      });
  }
  return out as Record<'POST' | 'PUT' | 'DELETE', KindRoute>;
}
