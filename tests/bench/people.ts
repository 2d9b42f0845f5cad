// People browsing the dashboard, for bench:load and bench:scale: each person holds a session
// cookie, picks a shop and a view (weighted bags), reads the answer to its last byte, notes it and
// thinks before the next. One process drives them all cheaply: fetch keeps its connections alive,
// and a waiting person is a timer.

export interface View {
  name: string;
  path: (shop: string) => string;
  weight: number;
}

/** The prefix of a shop's dashboard API. */
export const shopApi = (shop: string) => `/api/dashboard/shops/${encodeURIComponent(shop)}`;

/**
 * The mix measured from outside (weights in percent): the orders API 40 % (its first three pages
 * and today's), the SKU report 15 %, the overview 5 %, the orders and SKU profit pages 15 % (a
 * direct load, with the server's prefetch) and exports 25 %, every view on the default range.
 */
export const REALISTIC_MIX: View[] = [
  { name: 'orders API p1', path: (s) => `${shopApi(s)}/orders?range=last-30-days&page=1&limit=25`, weight: 20 },
  { name: 'orders API p2', path: (s) => `${shopApi(s)}/orders?range=last-30-days&page=2&limit=25`, weight: 10 },
  { name: 'orders API p3', path: (s) => `${shopApi(s)}/orders?range=last-30-days&page=3&limit=25`, weight: 5 },
  { name: 'orders API today', path: (s) => `${shopApi(s)}/orders?range=today&page=1&limit=25`, weight: 5 },
  { name: 'SKU report', path: (s) => `${shopApi(s)}/reports/sku-profit?range=last-30-days`, weight: 15 },
  { name: 'overview', path: (s) => `${shopApi(s)}/reports/overview?range=last-30-days`, weight: 5 },
  { name: 'page /orders', path: (s) => `/orders?shop=${s}`, weight: 10 },
  { name: 'page /sku-profit', path: (s) => `/sku-profit?shop=${s}`, weight: 5 },
  { name: 'SKU export', path: (s) => `${shopApi(s)}/exports/sku-profit?range=last-30-days`, weight: 9 },
  { name: 'products export', path: (s) => `${shopApi(s)}/exports/products?range=last-30-days`, weight: 8 },
  { name: 'orders export', path: (s) => `${shopApi(s)}/exports/orders?range=last-30-days`, weight: 8 },
];

export interface Sample {
  person: number;
  view: View;
  shop: string;
  /** When the request was sent (ms since the epoch, comparable with other processes' logs). */
  at: number;
  ms: number;
  /** The HTTP status, or 0 when no answer came (a refused or reset connection, a timeout). */
  status: number;
  /** Where the answer came from (`store` or `upstream`): the export header, or a JSON body's `data.source`. */
  source: string | null;
  /** An error body's code. */
  code?: string;
}

export interface Person {
  cookie: string;
}

export interface BrowseOptions {
  /** The dashboard's origin (the balancer's, with several instances). */
  base: string;
  people: readonly Person[];
  views: readonly View[];
  /** Shop ids to pick from, each as often as its weight. */
  shops: readonly string[];
  /** Think time between two requests of a person, uniformly in [min, max]. */
  thinkMs: readonly [number, number];
  /** Each person's first request comes at a uniform moment within this, so they do not start together. */
  arrivalMs: number;
  /** People stop when this aborts (a request in flight is still answered and noted). */
  signal: AbortSignal;
  /** A request with no complete answer after this long counts as failed (status 0). */
  timeoutMs?: number;
  record: (sample: Sample) => void;
}

export const pct = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const pick = <T>(bag: readonly T[]): T => bag[Math.floor(Math.random() * bag.length)]!;

async function visit(o: BrowseOptions, person: number, view: View, shop: string): Promise<Sample> {
  const at = Date.now();
  const t0 = performance.now();
  try {
    const response = await fetch(o.base + view.path(shop), {
      headers: { cookie: o.people[person]!.cookie, origin: o.base },
      redirect: 'manual',
      signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    let source = response.headers.get('x-export-source');
    let code: string | undefined;
    if (response.headers.get('content-type')?.includes('json')) {
      const parsed = JSON.parse(text) as { data?: { source?: string }; error?: { code?: string } };
      source ??= parsed.data?.source ?? null;
      code = parsed.error?.code;
    }
    return { person, view, shop, at, ms: performance.now() - t0, status: response.status, source, code };
  } catch {
    return { person, view, shop, at, ms: performance.now() - t0, status: 0, source: null };
  }
}

/** Every person browses until `signal` aborts; resolves when the last one has stopped. */
export async function browse(o: BrowseOptions): Promise<void> {
  const bag = o.views.flatMap((v) => Array.from({ length: v.weight }, () => v));
  const [min, max] = o.thinkMs;
  const person = async (id: number) => {
    await pause(Math.random() * o.arrivalMs, o.signal);
    while (!o.signal.aborted) {
      o.record(await visit(o, id, pick(bag), pick(o.shops)));
      await pause(min + Math.random() * (max - min), o.signal);
    }
  };
  await Promise.all(o.people.map((_, id) => person(id)));
}
