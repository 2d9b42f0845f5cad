import 'server-only';
import { sql } from 'kysely';
import { cacheUsage } from '@/lib/config/caches';
import { serverConfig } from '@/lib/config/env';
import { gaugeAtScrape, scrape } from '@/lib/metrics';
import { getOrderStore } from '@/lib/store';
import { passwordMatches } from '@/lib/session/password';

// GET /api/metrics: off (404) unless METRICS_TOKEN is set, then only with that bearer token (401
// otherwise). Besides what the server counts as it goes (lib/metrics), each scrape reads from the
// store: how long ago each shop's data was last read (the sync lag) and the store's sizes, and what
// each in-process cache holds.

gaugeAtScrape(
  'spd_sync_lag_seconds',
  "Seconds since each shop's most recently read day was read from the Reporting Service.",
  ['shop'],
  async (set) => {
    const store = await getOrderStore();
    const rows = await store.db
      .selectFrom('st_coverage')
      .select(['shop_id', (eb) => eb.fn.max('synced_at').as('last')])
      .groupBy('shop_id')
      .execute();
    const now = Date.now();
    for (const r of rows) set({ shop: r.shop_id }, Math.max(0, (now - Number(r.last)) / 1000));
  },
);

const SIZED_TABLES = ['st_order', 'st_line', 'st_coverage', 'st_refund_day'] as const;

gaugeAtScrape('spd_store_rows', "Rows in the dashboard's order store, by table.", ['table'], async (set) => {
  const store = await getOrderStore();
  for (const table of SIZED_TABLES) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(store.db);
    set({ table }, Number(rows[0]?.n ?? 0));
  }
});

gaugeAtScrape(
  'spd_cache_bytes',
  'Bytes each in-process cache holds (lib/config/cache-limits: the sizes its entries are counted at), by cache.',
  ['cache'],
  async (set) => {
    for (const u of cacheUsage()) set({ cache: u.name }, u.bytes);
  },
);

gaugeAtScrape(
  'spd_cache_limit_bytes',
  'The limit of each in-process cache (MEMORY_BUDGET_MB scales them), summed over the caches of its name.',
  ['cache'],
  async (set) => {
    for (const u of cacheUsage()) set({ cache: u.name }, u.maxBytes * u.caches);
  },
);

/** True when `header` is `Bearer <token>` (compared as a password is: constant time, whatever the lengths). */
function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && passwordMatches(match[1]!, token);
}

export async function metricsResponse(request: Request): Promise<Response> {
  const token = serverConfig().metricsToken;
  const headers = { 'Cache-Control': 'no-store' };
  if (token === null) return new Response('Not found.\n', { status: 404, headers });
  if (!bearerMatches(request.headers.get('authorization'), token))
    return new Response('Metrics need the bearer token set in METRICS_TOKEN.\n', {
      status: 401,
      headers: { ...headers, 'WWW-Authenticate': 'Bearer' },
    });
  const { body, contentType } = await scrape();
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': contentType } });
}
