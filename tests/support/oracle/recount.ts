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
  /** Each part of the cost groups and the platform-funded discount, as `group.part` → amount (the raw JSON's). */
  parts: Record<string, number>;
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
  refunds: { date: number; value: number; details: Record<string, number> }[];
  /** Catalog price per SKU, cents. */
  prices: Map<string, number>;
  /** The product of each catalog SKU. */
  productOf: Map<string, string>;
}

/**
 * The seller's own costs, as the oracle reads them (docs/ARCHITECTURE.md#your-costs), written out
 * again here: amounts are positive cents; a SKU's dated unit cost replaces the service's cost of
 * goods per line (units = gross sales / catalog price, half up); ad spend goes to its SKU, or over
 * its product's SKUs by net sales (equally when none sold), or is a shop-level period line; expenses
 * are spread over the days of each calendar month/year; shop-level costs may be allocated by net sales.
 * Fulfilment and packaging: from a day, an amount per unit (units = gross sales / catalog price,
 * half up, per line) of each counted line with gross sales, and per order once: on the order's first
 * line with gross sales, at that line's SKU's rate; a SKU's own rate of a basis wins over the
 * every-SKU one; in the SKU's net profit.
 */
export interface OracleCosts {
  adSpend: { day: string; amountCents: number; skuId: string | null; productId: string | null }[];
  expenses: {
    amountCents: number;
    recurrence: 'once' | 'monthly' | 'yearly';
    startDay: string;
    endDay: string | null;
  }[];
  cogs: { skuId: string; fromDay: string; unitCostCents: number }[];
  fulfilment: { skuId: string | null; fromDay: string; per: 'order' | 'unit'; amountCents: number }[];
  allocate: boolean;
}

type Fetch = (request: Request) => Promise<Response>;

const DAY = 86_400;

async function pages(
  fetch: Fetch,
  auth: Record<string, string>,
  path: string,
  params: Record<string, string | number>,
): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      page: String(page),
      limit: '100',
    });
    const response = await fetch(new Request(`http://oracle.invalid${path}?${query}`, { headers: auth }));
    const body = (await response.json()) as any;
    if (!body.success) throw new Error(`oracle read ${path} failed: ${JSON.stringify(body.error)}`);
    out.push(...body.data.items);
    if (page >= body.data.pagination.totalPages) return out;
  }
}

/** Every part of a raw product's groups but their totals, and its platform discount: `group.part` → amount. */
function partsOf(p: any): Record<string, number> {
  const out: Record<string, number> = { 'gmvBreakdown.platformDiscount': p.gmvBreakdown.platformDiscount };
  for (const group of ['shippingCost', 'platformFees', 'affiliateCommission'])
    for (const [part, amount] of Object.entries(p[group] as Record<string, number>))
      if (part !== 'total') out[`${group}.${part}`] = amount;
  return out;
}

/** Every order, refund day and catalog price of a shop, from the service over HTTP (365-day windows). */
export async function readShop(
  fetch: Fetch,
  appKey: string,
  appSecret: string,
  shopId: string,
  timezone: string,
  fromUnix: number,
  toUnix: number,
): Promise<RawShop> {
  const auth = { 'X-App-Key': appKey, 'X-App-Secret': appSecret, 'X-Shop-Id': shopId };
  const orders: RawOrder[] = [];
  const refunds: RawShop['refunds'] = [];
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
          parts: partsOf(p),
        })),
      });
    }
    for (const r of await pages(fetch, auth, '/api/v1/refunds', window))
      refunds.push({ date: r.date, value: r.value, details: r.details });
  }
  const prices = new Map<string, number>();
  const productOf = new Map<string, string>();
  for (const p of await pages(fetch, auth, '/api/v1/products', {})) {
    for (const s of p.skus) {
      prices.set(s.id, cents(s.price));
      productOf.set(s.id, p.productId);
    }
  }
  return { id: shopId, timezone, orders, refunds, prices, productOf };
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
  if (!f)
    dayFormats.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
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

export type Kind = 'counted' | 'sample' | 'excluded';
export function kindOf(o: RawOrder, s: Switches): Kind {
  if (!s.includeCancelled && o.status.toUpperCase() === 'CANCELLED') return 'excluded';
  if (!s.includeSamples && o.sampleOrder === 'YES') return 'sample';
  return 'counted';
}

/**
 * What the oracle adds up per group of lines: the count of lines; the spec's money fields of an
 * order product (docs/reporting-service.md, the order line: gmv, grossSales, promos, costOfGoods; the totals of shippingCost,
 * platformFees and affiliateCommission); net sales (gross sales + promos), total costs (the four
 * negative costs), net profit (net sales + total costs); and the net sales of UNSETTLED or DRAFT
 * orders, whose fees may still change.
 */
const FIGURE_NAMES =
  'lines gmv grossSales promos costOfGoods shipping platformFees affiliateCommission netSales totalCosts netProfit estimatedNetSales' as const;
/** The words of a space-separated list, as a union of string types. */
export type Words<S extends string> = S extends `${infer W} ${infer R}` ? W | Words<R> : S;
export type Figures = Record<Words<typeof FIGURE_NAMES>, number>;

const zero = (): Figures => Object.fromEntries(FIGURE_NAMES.split(' ').map((name) => [name, 0])) as Figures;

/** A line's cost of goods: the seller's unit cost from the latest entry on or before its day, else the service's. */
function cogsOf(l: RawLine, day: string, shop: RawShop, costs: OracleCosts | undefined): number {
  const service = cents(l.costOfGoods);
  if (!costs) return service;
  let unit: number | null = null;
  let since = '';
  for (const e of costs.cogs)
    if (e.skuId === l.skuId && e.fromDay <= day && e.fromDay >= since) [unit, since] = [e.unitCostCents, e.fromDay];
  const price = shop.prices.get(l.skuId);
  const gross = cents(l.grossSales);
  if (unit === null || !price || gross <= 0) return service;
  const q = gross * unit;
  let whole = Math.floor(q / price);
  if (2 * (q - whole * price) >= price) whole += 1;
  return -whole;
}

/** The line of an order that pays its per-order fee: its first with gross sales (−1: none). */
const payingLine = (o: RawOrder) => o.lines.findIndex((l) => cents(l.grossSales) > 0);

/**
 * The fulfilment and packaging a counted line costs (≥ 0 cents): its SKU's rates on its day, per
 * unit, and per order if it is the line that pays the order's fee (`paysOrder`).
 */
function fulfilmentOf(
  l: RawLine,
  day: string,
  shop: RawShop,
  costs: OracleCosts | undefined,
  paysOrder: boolean,
): number {
  const gross = cents(l.grossSales);
  if (!costs || gross <= 0) return 0;
  const rate = (per: 'order' | 'unit') => {
    let own: { fromDay: string; amountCents: number } | null = null;
    let every: { fromDay: string; amountCents: number } | null = null;
    for (const e of costs.fulfilment) {
      if (e.per !== per || e.fromDay > day) continue;
      if (e.skuId === l.skuId && (own === null || e.fromDay > own.fromDay)) own = e;
      if (e.skuId === null && (every === null || e.fromDay > every.fromDay)) every = e;
    }
    return (own ?? every)?.amountCents ?? 0;
  };
  const price = shop.prices.get(l.skuId);
  let units = 0;
  if (price) {
    const q = gross * rate('unit');
    units = Math.floor(q / price);
    if (2 * (q - units * price) >= price) units += 1;
  }
  return units + (paysOrder ? rate('order') : 0);
}

function add(f: Figures, l: RawLine, estimated: boolean, cogs = cents(l.costOfGoods)): void {
  const gross = cents(l.grossSales);
  const promos = cents(l.promos);
  const costs = [cogs, cents(l.shipping), cents(l.platformFees), cents(l.affiliateCommission)] as const;
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

export function inWindow(o: RawOrder, shop: RawShop, w: Window): boolean {
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

function daysInMonth(day: string): number {
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
}

/** One expense's share of a day, in cents ≥ 0. */
function expenseShare(e: OracleCosts['expenses'][number], day: string): number {
  if (day < e.startDay || (e.endDay !== null && day > e.endDay)) return 0;
  if (e.recurrence === 'once') return day === e.startDay ? e.amountCents : 0;
  const year = Number(day.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const n = e.recurrence === 'monthly' ? daysInMonth(day) : leap ? 366 : 365;
  const i = e.recurrence === 'monthly' ? Number(day.slice(8, 10)) - 1 : daysBetween(`${year}-01-01`, day).length - 1;
  return Math.floor(((i + 1) * e.amountCents) / n) - Math.floor((i * e.amountCents) / n);
}

/** Largest remainder: whole cents by weight (positive weights only), ties to the larger weight, then the smaller key. */
function split(amount: number, weights: Map<string, number>): Map<string, number> {
  const keys = [...weights].filter(([, w]) => w > 0);
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const total = BigInt(keys.reduce((a, [, w]) => a + w, 0));
  const abs = BigInt(Math.abs(amount));
  const parts = keys.map(([k, w]) => ({ k, w, q: (abs * BigInt(w)) / total, r: (abs * BigInt(w)) % total }));
  let left = abs - parts.reduce((a, p) => a + p.q, 0n);
  parts.sort((a, b) => (a.r !== b.r ? (a.r > b.r ? -1 : 1) : b.w - a.w || (a.k < b.k ? -1 : 1)));
  for (const p of parts) {
    if (left > 0n) {
      p.q += 1n;
      left -= 1n;
    }
    out.set(p.k, (amount < 0 ? -1 : 1) * Number(p.q));
  }
  return out;
}

interface Placed {
  bySku: Map<string, { ad: number; allocated: number }>;
  shopAd: number;
  expenses: number;
  inSkusByDay: Map<string, number>;
}

/** Where the seller's ad spend and expenses of [from, to] go, given the SKUs' counted net sales. */
function place(shop: RawShop, w: Window, netSales: Map<string, number>, costs: OracleCosts): Placed {
  const bySku = new Map<string, { ad: number; allocated: number }>();
  const at = (k: string) => bySku.get(k) ?? (bySku.set(k, { ad: 0, allocated: 0 }), bySku.get(k)!);
  const known = new Map(shop.productOf);
  for (const o of shop.orders) for (const l of o.lines) known.set(l.skuId, l.productId);
  const inSkusByDay = new Map<string, number>();
  const shopByDay = new Map<string, number>();
  const bump = (m: Map<string, number>, d: string, c: number) => m.set(d, (m.get(d) ?? 0) + c);
  let shopAd = 0;
  for (const e of costs.adSpend) {
    if (e.day < w.from || e.day > w.to) continue;
    const productSkus = e.productId === null ? [] : [...known].filter(([, p]) => p === e.productId).map(([k]) => k);
    if (e.skuId !== null) {
      at(e.skuId).ad -= e.amountCents;
      bump(inSkusByDay, e.day, -e.amountCents);
    } else if (productSkus.length > 0) {
      let weights = new Map(productSkus.map((k) => [k, Math.max(0, netSales.get(k) ?? 0)]));
      if (![...weights.values()].some((v) => v > 0)) weights = new Map(productSkus.map((k) => [k, 1]));
      for (const [k, c] of split(-e.amountCents, weights)) at(k).ad += c;
      bump(inSkusByDay, e.day, -e.amountCents);
    } else {
      shopAd -= e.amountCents;
      bump(shopByDay, e.day, -e.amountCents);
    }
  }
  let expenses = 0;
  for (const day of daysBetween(w.from, w.to)) {
    for (const e of costs.expenses) {
      const c = expenseShare(e, day);
      expenses -= c;
      if (c) bump(shopByDay, day, -c);
    }
  }
  const positive = new Map([...netSales].filter(([, v]) => v > 0));
  if (costs.allocate && positive.size > 0 && shopAd + expenses !== 0) {
    for (const [k, c] of split(shopAd + expenses, positive)) at(k).allocated += c;
    for (const [d, c] of shopByDay) bump(inSkusByDay, d, c);
    return { bySku, shopAd: 0, expenses: 0, inSkusByDay };
  }
  return { bySku, shopAd, expenses, inSkusByDay };
}

export interface OracleSkuWithCosts extends OracleSku {
  adSpend: number;
  allocatedCosts: number;
  /** Fulfilment and packaging (≤ 0). */
  fulfilment: number;
}

/** The whole shop's SKU report: its rows, totals and the period lines. */
export type OracleWholeSkus = OracleSkuReport & {
  rows: OracleSkuWithCosts[];
  /** The cost of goods inside `sampleCost` (the seller's unit costs applied). */
  sampleCostOfGoods: number;
  shopAdSpend: number;
  expenses: number;
};
/**
 * A search's: its SKUs alone. The period lines (samples, refunds, whole-shop ad spend and expenses,
 * the bottom line) are the whole shop's, so a search shows none of them (null).
 */
export type OracleSearchedSkus = Omit<OracleWholeSkus, PeriodKey> & Record<PeriodKey, null>;
type PeriodKey =
  'sampleCost' | 'sampleCostOfGoods' | 'sampleLines' | 'refunds' | 'shopAdSpend' | 'expenses' | 'netProfitAfterRefunds';

export function recountSkus(
  shop: RawShop,
  range: { from: string; to: string },
  switches: Switches,
  search?: undefined,
  costs?: OracleCosts,
): OracleWholeSkus;
export function recountSkus(
  shop: RawShop,
  range: { from: string; to: string },
  switches: Switches,
  search?: string,
  costs?: OracleCosts,
): OracleWholeSkus | OracleSearchedSkus;
export function recountSkus(
  shop: RawShop,
  range: { from: string; to: string },
  switches: Switches,
  search?: string,
  costs?: OracleCosts,
): OracleWholeSkus | OracleSearchedSkus {
  const needle = search?.trim().toLowerCase() ?? '';
  const texts = skuTexts(shop);
  const matches = (skuId: string) =>
    !needle || (texts.get(skuId) ?? [skuId]).some((t) => t.toLowerCase().includes(needle));
  const bySku = new Map<string, Figures>();
  const fulfilment = new Map<string, number>();
  const sample = zero();
  let excludedLines = 0;
  for (const o of shop.orders) {
    if (!inWindow(o, shop, range)) continue;
    const kind = kindOf(o, switches);
    const day = localDayOf(o.createTime, shop.timezone);
    const paying = payingLine(o);
    for (const [i, l] of o.lines.entries()) {
      const cogs = cogsOf(l, day, shop, costs);
      if (kind === 'counted') {
        let f = bySku.get(l.skuId);
        if (!f) bySku.set(l.skuId, (f = zero()));
        add(f, l, isEstimated(o), cogs);
        fulfilment.set(l.skuId, (fulfilment.get(l.skuId) ?? 0) - fulfilmentOf(l, day, shop, costs, i === paying));
      }
      if (!matches(l.skuId)) continue;
      if (kind === 'excluded') excludedLines++;
      else if (kind === 'sample') add(sample, l, isEstimated(o), cogs);
    }
  }
  const placed = costs ? place(shop, range, new Map([...bySku].map(([k, f]) => [k, f.netSales])), costs) : null;
  const all: OracleSkuWithCosts[] = [];
  for (const skuId of new Set([...bySku.keys(), ...(placed?.bySku.keys() ?? [])])) {
    const f = { ...(bySku.get(skuId) ?? zero()) };
    const c = placed?.bySku.get(skuId) ?? { ad: 0, allocated: 0 };
    if (f.lines === 0 && c.ad === 0 && c.allocated === 0) continue;
    const packing = fulfilment.get(skuId) ?? 0;
    f.netProfit += c.ad + c.allocated + packing;
    f.totalCosts += c.ad + c.allocated + packing;
    const price = shop.prices.get(skuId);
    all.push({
      ...f,
      skuId,
      adSpend: c.ad,
      allocatedCosts: c.allocated,
      fulfilment: packing,
      margin: f.netSales === 0 ? null : f.netProfit / f.netSales,
      estimatedUnits: price ? f.grossSales / price : null,
    });
  }
  const rows = all.filter((r) => matches(r.skuId));
  const totals = zero();
  for (const r of rows) for (const k of Object.keys(totals) as (keyof Figures)[]) totals[k] += r[k];
  rows.sort((a, b) => b.netProfit - a.netProfit || (a.skuId < b.skuId ? -1 : 1));
  const losses = rows
    .filter((r) => (r.margin !== null ? r.margin < 0 : r.netProfit < 0))
    .sort((a, b) => a.netProfit - b.netProfit || (a.skuId < b.skuId ? -1 : 1))
    .map((r) => r.skuId);
  const refunds = refundsIn(shop, range);
  const shopAdSpend = placed?.shopAd ?? 0;
  const expenses = placed?.expenses ?? 0;
  if (needle)
    return {
      rows,
      totals,
      sampleCost: null,
      sampleCostOfGoods: null,
      sampleLines: null,
      excludedLines,
      refunds: null,
      shopAdSpend: null,
      expenses: null,
      netProfitAfterRefunds: null,
      losses,
    };
  return {
    rows,
    totals,
    sampleCost: sample.netProfit,
    sampleCostOfGoods: sample.costOfGoods,
    sampleLines: sample.lines,
    excludedLines,
    refunds,
    shopAdSpend,
    expenses,
    netProfitAfterRefunds: totals.netProfit + sample.netProfit + refunds + shopAdSpend + expenses,
    losses,
  };
}

export interface OracleKpis {
  orders: number;
  gmv: number;
  netSales: number;
  netProfit: number;
  margin: number | null;
  refunds: number;
  adSpend: number;
  expenses: number;
  netProfitAfterRefunds: number;
}

function kpis(
  shop: RawShop,
  w: Window,
  switches: Switches,
  costs?: OracleCosts,
): { kpis: OracleKpis; byDay: Map<string, Figures> } {
  const total = zero();
  const byDay = new Map<string, Figures>();
  const netSales = new Map<string, number>();
  let orders = 0;
  let sampleCost = 0;
  let packing = 0;
  for (const o of shop.orders) {
    if (!inWindow(o, shop, w)) continue;
    const kind = kindOf(o, switches);
    const day = localDayOf(o.createTime, shop.timezone);
    if (kind === 'sample') {
      const s = zero();
      for (const l of o.lines) add(s, l, false, cogsOf(l, day, shop, costs));
      sampleCost += s.netProfit;
    }
    if (kind !== 'counted') continue;
    orders++;
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = zero()));
    const paying = payingLine(o);
    for (const [i, l] of o.lines.entries()) {
      const cogs = cogsOf(l, day, shop, costs);
      add(total, l, isEstimated(o), cogs);
      add(d, l, isEstimated(o), cogs);
      const fee = fulfilmentOf(l, day, shop, costs, i === paying);
      packing -= fee;
      d.netProfit -= fee;
      netSales.set(l.skuId, (netSales.get(l.skuId) ?? 0) + cents(l.grossSales) + cents(l.promos));
    }
  }
  const refunds = refundsIn(shop, w);
  const placed = costs ? place(shop, w, netSales, costs) : null;
  let inSkus = 0;
  for (const [day, c] of placed?.inSkusByDay ?? []) {
    inSkus += c;
    let d = byDay.get(day);
    if (!d) byDay.set(day, (d = zero()));
    d.netProfit += c;
  }
  const netProfit = total.netProfit + inSkus + packing;
  const adSpend = placed?.shopAd ?? 0;
  const expenses = placed?.expenses ?? 0;
  return {
    kpis: {
      orders,
      gmv: total.gmv,
      netSales: total.netSales,
      netProfit,
      margin: total.netSales === 0 ? null : netProfit / total.netSales,
      refunds,
      adSpend,
      expenses,
      netProfitAfterRefunds: netProfit + sampleCost + refunds + adSpend + expenses,
    },
    byDay,
  };
}

export interface OracleOverview {
  current: OracleKpis;
  previous: OracleKpis;
  previousWindow: Window;
  /** A day still to come has no point (null), not a zero. */
  series: { day: string; netSales: number | null; netProfit: number | null }[];
  top: string[];
  bottom: string[];
}

/**
 * The overview: KPIs, the comparison period (the same number of days before the range; when the
 * range includes today, only as far as today has elapsed), the daily series, top and bottom SKUs.
 */
export function recountOverview(
  shop: RawShop,
  range: { from: string; to: string },
  switches: Switches,
  nowMs: number,
  topN = 5,
  costs?: OracleCosts,
): OracleOverview {
  const n = daysBetween(range.from, range.to).length;
  const prevFrom = shiftDay(range.from, -n);
  const nowUnix = Math.floor(nowMs / 1000);
  const today = localDayOf(nowUnix, shop.timezone);
  let previousWindow: Window = { from: prevFrom, to: shiftDay(range.from, -1) };
  if (range.from <= today && today <= range.to) {
    const cut = shiftDay(prevFrom, daysBetween(range.from, today).length - 1);
    previousWindow = {
      from: prevFrom,
      to: cut,
      until: localDayStart(cut, shop.timezone) + (nowUnix - localDayStart(today, shop.timezone)),
    };
  }
  const current = kpis(shop, range, switches, costs);
  const previous = kpis(shop, previousWindow, switches, costs);
  const series = daysBetween(range.from, range.to).map((day) => {
    if (day > today) return { day, netSales: null, netProfit: null };
    const d = current.byDay.get(day);
    return { day, netSales: d?.netSales ?? 0, netProfit: d?.netProfit ?? 0 };
  });
  const rows = recountSkus(shop, range, switches, undefined, costs).rows;
  const top = rows.slice(0, topN).filter((r) => r.netProfit > 0);
  const bottom = rows
    .slice(-topN)
    .reverse()
    .filter((r) => !top.includes(r));
  return {
    current: current.kpis,
    previous: previous.kpis,
    previousWindow,
    series,
    top: top.map((r) => r.skuId),
    bottom: bottom.map((r) => r.skuId),
  };
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
  return shop.orders
    .filter((o) => inWindow(o, shop, range))
    .flatMap((o) => o.lines.map((l, i) => `${o.id}#${i}:${l.skuId}`));
}

/** One counted order's own P&L as the oracle recounts it: the seller's COGS and fulfilment applied. */
export interface OracleOrder {
  id: string;
  netSales: number;
  /** Fulfilment and packaging of the order (≤ 0): per unit on each line, per order once. */
  fulfilment: number;
  netProfit: number;
}

/**
 * Every counted order of a range, one by one (the orders page's rows): its lines' figures with the
 * seller's dated COGS, less its fulfilment and packaging (per unit on every line with gross sales,
 * and the per-order fee once, on its first line with gross sales, at that SKU's rate).
 */
export function recountOrders(
  shop: RawShop,
  range: { from: string; to: string },
  switches: Switches,
  costs?: OracleCosts,
): OracleOrder[] {
  const out: OracleOrder[] = [];
  for (const o of shop.orders) {
    if (!inWindow(o, shop, range) || kindOf(o, switches) !== 'counted') continue;
    const day = localDayOf(o.createTime, shop.timezone);
    const paying = payingLine(o);
    const f = zero();
    let fulfilment = 0;
    for (const [i, l] of o.lines.entries()) {
      add(f, l, isEstimated(o), cogsOf(l, day, shop, costs));
      fulfilment -= fulfilmentOf(l, day, shop, costs, i === paying);
    }
    out.push({ id: o.id, netSales: f.netSales, fulfilment, netProfit: f.netProfit + fulfilment });
  }
  return out;
}
