// The oracle: every report figure recounted by brute force from the Reporting Service's raw
// orders, read over its HTTP interface as plain JSON. It imports nothing from lib/ (no store, no
// reports, no profit, no time helpers): cents, local days, day starts, classification and sums
// are written out again here from docs/ARCHITECTURE.md#profit and the spec, so a defect there cannot hide itself.

/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON from the service, read field by field */

export interface RawLine {
  skuId: string;
  productId: string;
  name: string;
  skuName: string;
  sellerSku: string;
  gmv: number;
  grossSales: number;
  promos: number;
  costOfGoods: number;
  shipping: number;
  platformFees: number;
  affiliateCommission: number;
}

export interface RawOrder {
  id: string;
  createTime: number;
  status: string;
  sampleOrder: string;
  orderType: string;
  lines: RawLine[];
}

export interface RawShop {
  id: string;
  timezone: string;
  orders: RawOrder[];
  refunds: { date: number; value: number }[];
  /** Catalog price per SKU, cents. */
  prices: Map<string, number>;
}

type Fetch = (request: Request) => Promise<Response>;

const DAY = 86_400;

async function pages(fetch: Fetch, auth: Record<string, string>, path: string, params: Record<string, string | number>): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), page: String(page), limit: '100' });
    const response = await fetch(new Request(`http://oracle.invalid${path}?${query}`, { headers: auth }));
    const body = (await response.json()) as any;
    if (!body.success) throw new Error(`oracle read ${path} failed: ${JSON.stringify(body.error)}`);
    out.push(...body.data.items);
    if (page >= body.data.pagination.totalPages) return out;
  }
}

/** Every order, refund day and catalog price of a shop, from the service over HTTP (365-day windows). */
export async function readShop(fetch: Fetch, appKey: string, appSecret: string, shopId: string, timezone: string, fromUnix: number, toUnix: number): Promise<RawShop> {
  const auth = { 'X-App-Key': appKey, 'X-App-Secret': appSecret, 'X-Shop-Id': shopId };
  const orders: RawOrder[] = [];
  const refunds: { date: number; value: number }[] = [];
  for (let start = fromUnix; start <= toUnix; start += 365 * DAY) {
    const window = { startDate: start, endDate: Math.min(toUnix, start + 365 * DAY - 1), sort: 'ASC' };
    for (const o of await pages(fetch, auth, '/api/v1/orders-by-product', window)) {
      orders.push({
        id: o.id,
        createTime: o.createTime,
        status: o.status,
        sampleOrder: o.sampleOrder,
        orderType: o.orderType,
        lines: o.products.map((p: any) => ({
          skuId: p.skuId,
          productId: p.productId,
          name: p.name,
          skuName: p.skuName,
          sellerSku: p.sellerSku,
          gmv: p.gmv,
          grossSales: p.grossSales,
          promos: p.promos,
          costOfGoods: p.costOfGoods,
          shipping: p.shippingCost.total,
          platformFees: p.platformFees.total,
          affiliateCommission: p.affiliateCommission.total,
        })),
      });
    }
    for (const r of await pages(fetch, auth, '/api/v1/refunds', window)) refunds.push({ date: r.date, value: r.value });
  }
  const prices = new Map<string, number>();
  for (const p of await pages(fetch, auth, '/api/v1/products', {})) for (const s of p.skus) prices.set(s.id, cents(s.price));
  return { id: shopId, timezone, orders, refunds, prices };
}

/** Amount → integer cents, half away from zero on the decimal string (not on a float product). */
export function cents(amount: number): number {
  const negative = amount < 0;
  const [whole, fraction = ''] = Math.abs(amount).toFixed(6).split('.');
  let value = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) value += 1;
  return negative && value !== 0 ? -value : value;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The shop-local calendar day of a Unix time. */
export function localDayOf(unix: number, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(new Date(unix * 1000));
}

const starts = new Map<string, number>();
/** The first second of a shop-local day, by bisection on localDayOf (DST days included). */
export function localDayStart(day: string, timeZone: string): number {
  const key = `${timeZone} ${day}`;
  const hit = starts.get(key);
  if (hit !== undefined) return hit;
  let lo = Date.parse(`${day}T00:00:00Z`) / 1000 - 15 * 3600;
  let hi = lo + 30 * 3600;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDayOf(mid, timeZone) >= day) hi = mid;
    else lo = mid;
  }
  starts.set(key, hi);
  return hi;
}

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY * 1000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftDay(d, 1)) out.push(d);
  return out;
}

export interface Switches {
  includeCancelled: boolean;
  includeSamples: boolean;
}

type Kind = 'counted' | 'sample' | 'excluded';
function kindOf(o: RawOrder, s: Switches): Kind {
  if (!s.includeCancelled && o.status.toUpperCase() === 'CANCELLED') return 'excluded';
  if (!s.includeSamples && o.sampleOrder === 'YES') return 'sample';
  return 'counted';
}

export interface Figures {
  lines: number;
  gmv: number;
  grossSales: number;
  promos: number;
  netSales: number;
  costOfGoods: number;
  shipping: number;
  platformFees: number;
  affiliateCommission: number;
  totalCosts: number;
  netProfit: number;
  estimatedNetSales: number;
}

const zero = (): Figures => ({ lines: 0, gmv: 0, grossSales: 0, promos: 0, netSales: 0, costOfGoods: 0, shipping: 0, platformFees: 0,
  affiliateCommission: 0, totalCosts: 0, netProfit: 0, estimatedNetSales: 0 });

function add(f: Figures, l: RawLine, estimated: boolean): void {
  const gross = cents(l.grossSales);
  const promos = cents(l.promos);
  const costs = [cents(l.costOfGoods), cents(l.shipping), cents(l.platformFees), cents(l.affiliateCommission)] as const;
  f.lines += 1;
  f.gmv += cents(l.gmv);
  f.grossSales += gross;
  f.promos += promos;
  f.netSales += gross + promos;
  f.costOfGoods += costs[0];
  f.shipping += costs[1];
  f.platformFees += costs[2];
  f.affiliateCommission += costs[3];
  f.totalCosts += costs[0] + costs[1] + costs[2] + costs[3];
  f.netProfit += gross + promos + costs[0] + costs[1] + costs[2] + costs[3];
  if (estimated) f.estimatedNetSales += gross + promos;
}

const isEstimated = (o: RawOrder) => o.orderType === 'UNSETTLED' || o.orderType === 'DRAFT';

export interface OracleSku extends Figures {
  skuId: string;
  margin: number | null;
  estimatedUnits: number | null;
}

export interface OracleSkuReport {
  rows: OracleSku[];
  totals: Figures;
  sampleCost: number;
  sampleLines: number;
  excludedLines: number;
  refunds: number;
  netProfitAfterRefunds: number;
  /** SKU ids of the loss finder, worst first. */
  losses: string[];
}

interface Window {
  from: string;
  to: string;
  /** Orders of day `to` created after this second are left out; so are that day's refunds. */
  until?: number;
}

function inWindow(o: RawOrder, shop: RawShop, w: Window): boolean {
  const day = localDayOf(o.createTime, shop.timezone);
  if (day < w.from || day > w.to) return false;
  return w.until === undefined || day !== w.to || o.createTime <= w.until;
}

function refundsIn(shop: RawShop, w: Window): number {
  let total = 0;
  for (const r of shop.refunds) {
    const day = localDayOf(r.date, shop.timezone);
    if (day < w.from || day > w.to || (w.until !== undefined && day === w.to)) continue;
    total += cents(r.value);
  }
  return total;
}

/** The names a SKU is searched by: those on its order lines (the latest seen) and its id. */
function skuTexts(shop: RawShop): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const o of shop.orders) for (const l of o.lines) texts.set(l.skuId, [l.name, l.skuName, l.sellerSku, l.skuId]);
  return texts;
}

export function recountSkus(shop: RawShop, range: { from: string; to: string }, switches: Switches, search?: string): OracleSkuReport {
  const needle = search?.trim().toLowerCase() ?? '';
  const texts = skuTexts(shop);
  const matches = (skuId: string) => !needle || (texts.get(skuId) ?? [skuId]).some((t) => t.toLowerCase().includes(needle));
  const bySku = new Map<string, Figures>();
  const sample = zero();
  let excludedLines = 0;
  for (const o of shop.orders) {
    if (!inWindow(o, shop, range)) continue;
    const kind = kindOf(o, switches);
    for (const l of o.lines) {
      if (!matches(l.skuId)) continue;
      if (kind === 'excluded') excludedLines++;
      else if (kind === 'sample') add(sample, l, isEstimated(o));
      else {
        let f = bySku.get(l.skuId);
        if (!f) bySku.set(l.skuId, (f = zero()));
        add(f, l, isEstimated(o));
      }
    }
  }
  const totals = zero();
  const rows: OracleSku[] = [];
  for (const [skuId, f] of bySku) {
    for (const k of Object.keys(totals) as (keyof Figures)[]) totals[k] += f[k];
    const price = shop.prices.get(skuId);
    rows.push({ ...f, skuId, margin: f.netSales === 0 ? null : f.netProfit / f.netSales, estimatedUnits: price ? f.grossSales / price : null });
  }
  rows.sort((a, b) => b.netProfit - a.netProfit || (a.skuId < b.skuId ? -1 : 1));
  const losses = rows
    .filter((r) => (r.margin !== null ? r.margin < 0 : r.netProfit < 0))
    .sort((a, b) => a.netProfit - b.netProfit || (a.skuId < b.skuId ? -1 : 1))
    .map((r) => r.skuId);
  const refunds = refundsIn(shop, range);
  return { rows, totals, sampleCost: sample.netProfit, sampleLines: sample.lines, excludedLines, refunds,
    netProfitAfterRefunds: totals.netProfit + sample.netProfit + refunds, losses };
}

export interface OracleKpis {
  orders: number;
  gmv: number;
  netSales: number;
  netProfit: number;
  margin: number | null;
  refunds: number;
  netProfitAfterRefunds: number;
}

function kpis(shop: RawShop, w: Window, switches: Switches): { kpis: OracleKpis; byDay: Map<string, Figures> } {
  const total = zero();
  const byDay = new Map<string, Figures>();
  let orders = 0;
  let sampleCost = 0;
  for (const o of shop.orders) {
    if (!inWindow(o, shop, w)) continue;
    const kind = kindOf(o, switches);
    if (kind === 'sample') {
      const s = zero();
      for (const l of o.lines) add(s, l, false);
      sampleCost += s.netProfit;
    }
    if (kind !== 'counted') continue;
    orders++;
    const day = localDayOf(o.createTime, shop.timezone);
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = zero()));
    for (const l of o.lines) {
      add(total, l, isEstimated(o));
      add(d, l, isEstimated(o));
    }
  }
  const refunds = refundsIn(shop, w);
  return {
    kpis: { orders, gmv: total.gmv, netSales: total.netSales, netProfit: total.netProfit,
      margin: total.netSales === 0 ? null : total.netProfit / total.netSales, refunds, netProfitAfterRefunds: total.netProfit + sampleCost + refunds },
    byDay,
  };
}

export interface OracleOverview {
  current: OracleKpis;
  previous: OracleKpis;
  previousWindow: Window;
  series: { day: string; netSales: number; netProfit: number }[];
  top: string[];
  bottom: string[];
}

/**
 * The overview: KPIs, the comparison period (the same number of days before the range; when the
 * range includes today, only as far as today has elapsed), the daily series, top and bottom SKUs.
 */
export function recountOverview(shop: RawShop, range: { from: string; to: string }, switches: Switches, nowMs: number, topN = 5): OracleOverview {
  const n = daysBetween(range.from, range.to).length;
  const prevFrom = shiftDay(range.from, -n);
  const nowUnix = Math.floor(nowMs / 1000);
  const today = localDayOf(nowUnix, shop.timezone);
  let previousWindow: Window = { from: prevFrom, to: shiftDay(range.from, -1) };
  if (range.from <= today && today <= range.to) {
    const cut = shiftDay(prevFrom, daysBetween(range.from, today).length - 1);
    previousWindow = { from: prevFrom, to: cut, until: localDayStart(cut, shop.timezone) + (nowUnix - localDayStart(today, shop.timezone)) };
  }
  const current = kpis(shop, range, switches);
  const previous = kpis(shop, previousWindow, switches);
  const series = daysBetween(range.from, range.to).map((day) => {
    const d = current.byDay.get(day);
    return { day, netSales: d?.netSales ?? 0, netProfit: d?.netProfit ?? 0 };
  });
  const rows = recountSkus(shop, range, switches).rows;
  const top = rows.slice(0, topN).filter((r) => r.netProfit > 0);
  const bottom = rows.slice(-topN).reverse().filter((r) => !top.includes(r));
  return { current: current.kpis, previous: previous.kpis, previousWindow, series, top: top.map((r) => r.skuId), bottom: bottom.map((r) => r.skuId) };
}

/** Refund value per shop-local day (cents), for every day with a refund row. */
export function recountRefundsByDay(shop: RawShop): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of shop.refunds) {
    const day = localDayOf(r.date, shop.timezone);
    out.set(day, (out.get(day) ?? 0) + cents(r.value));
  }
  return out;
}

/** Order lines of the range under no switches (what the orders export lists), by order id then line. */
export function recountOrderLines(shop: RawShop, range: { from: string; to: string }): string[] {
  return shop.orders.filter((o) => inWindow(o, shop, range)).flatMap((o) => o.lines.map((l, i) => `${o.id}#${i}:${l.skuId}`));
}
