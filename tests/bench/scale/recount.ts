import {
  daysBetween,
  localDayOf,
  localDayStart,
  readShop,
  recountSkus,
  shiftDay,
  type RawShop,
} from '../../support/oracle/recount';

// "Nothing is lost": after the kill test, the dashboard's store (read through nginx, as a person
// reads it) against the Reporting Service's raw orders recounted by the oracle
// (tests/support/oracle, which imports nothing of lib/): every day's order count over the synced
// year, and the SKU report of its settled days to the cent.

/** GET a dashboard API path as a signed-in person; the answer's `data`. */
export type DashboardGet = (path: string) => Promise<unknown>;

interface SkuRowAnswer {
  skuId: string;
  lines: number;
  grossSales: number;
  netSales: number;
  totalCosts: number;
  netProfit: number;
}

export interface RecountResult {
  days: number;
  orders: number;
  /** Days whose stored count differs from the service's: `day: stored vs counted`. */
  dayMismatches: string[];
  skuRange: { from: string; to: string };
  skus: number;
  netProfitCents: number;
  /** SKU figures that differ from the recount: `sku field: report vs recount`. */
  skuMismatches: string[];
}

/** The service's raw orders of the shop's days [from, to], through a door without the 60/min budget. */
export async function readRaw(oracleOrigin: string, shop: { id: string; timezone: string }, from: string, to: string) {
  const fetchFromOracle = (request: Request) => {
    const url = new URL(request.url);
    return fetch(`${oracleOrigin}${url.pathname}${url.search}`, { headers: request.headers });
  };
  return readShop(
    fetchFromOracle,
    'demo-app-key',
    'demo-app-secret',
    shop.id,
    shop.timezone,
    localDayStart(from, shop.timezone),
    localDayStart(shiftDay(to, 1), shop.timezone) - 1,
  );
}

export async function recount(
  raw: RawShop,
  days: { from: string; to: string },
  settled: { from: string; to: string },
  get: DashboardGet,
): Promise<RecountResult> {
  const api = `/api/dashboard/shops/${encodeURIComponent(raw.id)}`;
  const counted = new Map<string, number>();
  for (const o of raw.orders) {
    const day = localDayOf(o.createTime, raw.timezone);
    counted.set(day, (counted.get(day) ?? 0) + 1);
  }
  const dayMismatches: string[] = [];
  let orders = 0;
  const all = daysBetween(days.from, days.to);
  for (const day of all) {
    const page = (await get(`${api}/orders?range=custom&from=${day}&to=${day}&page=1&limit=10`)) as {
      pagination: { total: number };
    };
    const want = counted.get(day) ?? 0;
    orders += page.pagination.total;
    if (page.pagination.total !== want) dayMismatches.push(`${day}: ${page.pagination.total} stored vs ${want}`);
  }

  const answer = (await get(`${api}/reports/sku-profit?range=custom&from=${settled.from}&to=${settled.to}`)) as {
    report: { rows: SkuRowAnswer[] };
  };
  const oracle = recountSkus(raw, settled, { includeCancelled: false, includeSamples: false });
  const skuMismatches: string[] = [];
  const mine = new Map(answer.report.rows.map((r) => [r.skuId, r]));
  for (const want of oracle.rows) {
    const got = mine.get(want.skuId);
    if (!got) {
      skuMismatches.push(`${want.skuId}: missing from the report`);
      continue;
    }
    mine.delete(want.skuId);
    for (const field of ['lines', 'grossSales', 'netSales', 'totalCosts', 'netProfit'] as const)
      if (got[field] !== want[field]) skuMismatches.push(`${want.skuId} ${field}: ${got[field]} vs ${want[field]}`);
  }
  for (const extra of mine.keys()) skuMismatches.push(`${extra}: in the report, not in the recount`);
  return {
    days: all.length,
    orders,
    dayMismatches,
    skuRange: settled,
    skus: oracle.rows.length,
    netProfitCents: oracle.totals.netProfit,
    skuMismatches,
  };
}
