import {
  MAX_RANGE_SECONDS,
  paginate,
  REFUND_DETAIL_PARTS,
  type Order,
  type RefundDay,
  type Shop,
} from '@/lib/contract';
import { order } from '@/tests/support/fixtures';

// A small spec-shaped upstream (Request → Response) for unit tests: real paging, date filters and
// the 366-day rule, plus a queue of injected faults answered before the normal handling.

export const APP_KEY = 'test-app-key';
export const APP_SECRET = 'sEcReT-value-that-must-never-leak-4242';

export const SHOPS: Shop[] = [
  {
    id: 'shop-1',
    shopName: 'North Store',
    shopId: '7001',
    shopCode: 'NS',
    shopSellerType: 'LOCAL',
    shopRegion: 'US',
    timezone: 'America/Los_Angeles',
  },
  {
    id: 'shop-2',
    shopName: 'South Store',
    shopId: '7002',
    shopCode: 'SS',
    shopSellerType: 'LOCAL',
    shopRegion: 'GB',
    timezone: 'Europe/London',
  },
];

const START = Date.parse('2022-01-01T00:00:00Z') / 1000;
/** 1,000 orders, one every 26 hours from 2022-01-01 (about three years). */
export const ORDERS: Order[] = Array.from({ length: 1000 }, (_, i) =>
  order({
    id: `o-${i}`,
    orderNumber: String(100_000 + i),
    createTime: START + i * 26 * 3600,
    paidTime: START + i * 26 * 3600 + 60,
  }),
);
/** A refund day every 3 days over the same span. */
export const REFUNDS: RefundDay[] = Array.from({ length: 360 }, (_, i) => ({
  date: START + i * 3 * 86_400,
  value: -(i % 7) - 1,
  details: {
    ...(Object.fromEntries(REFUND_DETAIL_PARTS.map((k) => [k, 0])) as RefundDay['details']),
    grossSalesRefund: -(i % 7) - 1,
  },
}));

export type Fault = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const specError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { success: false, error: { code, message } }, headers);

function list<T>(items: T[], params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 10);
  const slice = items.slice((page - 1) * limit, page * limit);
  return json(200, { success: true, data: { items: slice, pagination: paginate(items.length, page, limit) } });
}

export function createFakeUpstream() {
  const requests: Request[] = [];
  /** Date.now() when each request arrived. */
  const sentAt: number[] = [];
  const faults: Fault[] = [];
  let delayMs = 0;

  async function handle(request: Request): Promise<Response> {
    requests.push(request);
    sentAt.push(Date.now());
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const fault = faults.shift();
    if (fault) return fault(request);
    if (request.headers.get('x-app-key') !== APP_KEY || request.headers.get('x-app-secret') !== APP_SECRET) {
      return specError(401, 'INVALID_CREDENTIALS', 'The app key or app secret is wrong.');
    }
    const url = new URL(request.url);
    const params = url.searchParams;
    if (url.pathname === '/api/v1/shops') return list(SHOPS, params);
    if (!SHOPS.some((s) => s.id === request.headers.get('x-shop-id')))
      return specError(404, 'SHOP_NOT_FOUND', 'No such shop.');
    const start = params.has('startDate') ? Number(params.get('startDate')) : -Infinity;
    const end = params.has('endDate') ? Number(params.get('endDate')) : Infinity;
    if (params.has('startDate') && params.has('endDate') && end - start > MAX_RANGE_SECONDS)
      return specError(400, 'INVALID_REQUEST', 'endDate: the range must be at most 366 days');
    const desc = params.get('sort') !== 'ASC';
    const order = <T>(items: T[]) => (desc ? [...items].reverse() : items);
    if (url.pathname === '/api/v1/orders-by-product') {
      return list(order(ORDERS.filter((o) => o.createTime >= start && o.createTime <= end)), params);
    }
    if (url.pathname === '/api/v1/refunds') {
      return list(order(REFUNDS.filter((r) => r.date >= start && r.date <= end)), params);
    }
    if (url.pathname === '/api/v1/products') return list([], params);
    return specError(404, 'INVALID_REQUEST', 'Not found');
  }

  return {
    handle,
    requests,
    sentAt,
    /** Answer the next requests with these responses, in order, before normal handling. */
    inject(...next: Fault[]) {
      faults.push(...next);
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
  };
}

export const faults = {
  rateLimited:
    (retryAfterSeconds: number): Fault =>
    () =>
      specError(429, 'RATE_LIMITED', 'Too many requests.', { 'Retry-After': String(retryAfterSeconds) }),
  internal: (): Fault => () => specError(500, 'INTERNAL_ERROR', 'Unexpected error.'),
  malformedJson: (): Fault => () => new Response('{"success": true, "data": {"items": [', { status: 200 }),
  html:
    (status: number): Fault =>
    () =>
      new Response('<html><body>Bad gateway</body></html>', { status, headers: { 'content-type': 'text/html' } }),
  body:
    (status: number, body: unknown): Fault =>
    () =>
      json(status, body),
  networkError: (): Fault => () => {
    throw new TypeError('fetch failed');
  },
  /** Never answers until the request's signal aborts (a hung connection). */
  hang: (): Fault => (request) =>
    new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
};
