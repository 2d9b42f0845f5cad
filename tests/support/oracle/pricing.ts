// The pricing oracle: the what-if recounted by brute force from the service's raw orders
// (docs/ARCHITECTURE.md#pricing), written out again without lib/ (no lib/pricing, no lib/profit):
// the lookback's counted lines in cents, each SKU's fee parts classified by its own fit (a share of
// net sales or a fixed amount per line, whichever is nearer the lines; the shop's below 10 lines),
// then every line changed as the semantics say and the sums rounded once per figure. What the
// Pricing page answers (a break-even price, a deepest promo…) is held to this replay.

import { cents, kindOf, localDayOf, type RawOrder, type RawShop } from './recount';

export type OracleAdjust = { to: number } | { by: number };
/** A what-if of one SKU (or of all): new or scaled unit amounts, and the promo and commission rates. */
export type OracleChange = Partial<
  Record<'price' | 'cogs' | 'shipping', OracleAdjust> & Record<'promo' | 'commission', number>
>;
/** The what-if as the Pricing page sends it: every SKU's change, each SKU's own, the elasticity. */
export type OracleScenario = { all: OracleChange; skus: Record<string, OracleChange>; elasticity: number | null };

interface Line {
  skuId: string;
  month: string;
  gross: number;
  promos: number;
  cogs: number;
  shipping: number;
  fees: Map<string, number>;
  commission: number;
  units: number | null;
}

export interface OracleFigures {
  netSales: number;
  netProfit: number;
}

/** The lookback's counted lines (cancelled and sample orders left out), in cents. */
function linesOf(shop: RawShop, from: string, to: string): Line[] {
  const out: Line[] = [];
  const counted = (o: RawOrder) => kindOf(o, { includeCancelled: false, includeSamples: false }) === 'counted';
  for (const o of shop.orders) {
    const day = localDayOf(o.createTime, shop.timezone);
    if (day < from || day > to || !counted(o)) continue;
    for (const l of o.lines) {
      const fees = new Map<string, number>();
      let partSum = 0;
      for (const [key, amount] of Object.entries(l.parts)) {
        if (!key.startsWith('platformFees.')) continue;
        const c = cents(amount);
        if (c === 0) continue;
        fees.set(key.slice('platformFees.'.length), c);
        partSum += c;
      }
      const total = cents(l.platformFees);
      if (total !== partSum) fees.set('other', (fees.get('other') ?? 0) + total - partSum);
      const gross = cents(l.grossSales);
      const price = shop.prices.get(l.skuId);
      out.push({
        skuId: l.skuId,
        month: day.slice(0, 7),
        gross,
        promos: cents(l.promos),
        cogs: cents(l.costOfGoods),
        shipping: cents(l.shipping),
        fees,
        commission: cents(l.affiliateCommission),
        units: price && price > 0 && gross > 0 ? gross / price : null,
      });
    }
  }
  return out;
}

/** Per fee part: true when it is a share of net sales (its error as a share ≤ as a fixed amount per line). */
function feeBases(lines: readonly Line[]): Map<string, boolean> {
  const parts = new Set(lines.flatMap((l) => [...l.fees.keys()]));
  const out = new Map<string, boolean>();
  for (const part of parts) {
    const ys = lines.map((l) => -(l.fees.get(part) ?? 0));
    const ns = lines.map((l) => l.gross + l.promos);
    const total = ys.reduce((a, b) => a + b, 0);
    const sales = ns.reduce((a, b) => a + b, 0);
    if (sales === 0) {
      out.set(part, false);
      continue;
    }
    const rate = total / sales;
    const each = total / lines.length;
    let asShare = 0;
    let asFixed = 0;
    ys.forEach((y, i) => {
      asShare += Math.abs(y - rate * ns[i]!);
      asFixed += Math.abs(y - each);
    });
    out.set(part, asShare <= asFixed);
  }
  return out;
}

const half = (x: number) => {
  const v = Math.sign(x) * Math.round(Math.abs(x));
  return v === 0 ? 0 : v;
};

export interface OracleSku {
  before: OracleFigures;
  after: OracleFigures;
  months: Map<string, OracleFigures>;
  /** The lines that carried a commission, with their share of the placed costs by gross sales; null without any. */
  creators: { before: OracleFigures; after: OracleFigures } | null;
}

/**
 * Per SKU: the lookback's net sales and net profit before and after the scenario, by month, and of
 * its lines sold through a creator. `placed` (≤ 0 cents per SKU: the seller's ad spend and other
 * costs on it) stays as it is and is spread over the months, and onto the creators' lines, by gross sales.
 */
export function recountWhatIf(
  shop: RawShop,
  from: string,
  to: string,
  scenario: OracleScenario,
  placed: ReadonlyMap<string, number> = new Map(),
): Map<string, OracleSku> {
  return lookback(shop, from, to)(scenario, placed);
}

/**
 * The lookback read once, replayed for many scenarios: `only` limits the answer to one SKU (a test
 * that puts each SKU's answers into the what-if one by one).
 */
export function lookback(
  shop: RawShop,
  from: string,
  to: string,
): (scenario: OracleScenario, placed?: ReadonlyMap<string, number>, only?: string) => Map<string, OracleSku> {
  const lines = linesOf(shop, from, to);
  const shopBases = feeBases(lines);
  const bySku = new Map<string, Line[]>();
  for (const l of lines) bySku.set(l.skuId, [...(bySku.get(l.skuId) ?? []), l]);
  const basesOf = new Map([...bySku].map(([skuId, own]) => [skuId, own.length >= 10 ? feeBases(own) : shopBases]));
  return (scenario, placed = new Map(), only) => replayLookback(shop, bySku, basesOf, scenario, placed, only);
}

function replayLookback(
  shop: RawShop,
  bySku: ReadonlyMap<string, Line[]>,
  basesOf: ReadonlyMap<string, Map<string, boolean>>,
  scenario: OracleScenario,
  placed: ReadonlyMap<string, number>,
  only: string | undefined,
): Map<string, OracleSku> {
  const out = new Map<string, OracleSku>();
  for (const [skuId, own] of bySku) {
    if (only !== undefined && skuId !== only) continue;
    const bases = basesOf.get(skuId)!;
    const change = { ...scenario.all, ...scenario.skus[skuId] };
    const price = shop.prices.get(skuId);
    let r = 1;
    if (change.price && 'by' in change.price) r = 1 + change.price.by;
    else if (change.price && price && price > 0) r = change.price.to / price;
    const q = scenario.elasticity === null || r === 1 || r <= 0 ? 1 : r ** scenario.elasticity;
    const before = { netSales: 0, netProfit: 0 };
    const after = { netSales: 0, netProfit: 0 };
    const creatorsBefore = { netSales: 0, netProfit: 0 };
    const creatorsAfter = { netSales: 0, netProfit: 0 };
    const months = new Map<string, OracleFigures & { gross: number }>();
    let gross = 0;
    let creatorGross = 0;
    let creatorLines = 0;
    for (const l of own) {
      const ns0 = l.gross + l.promos;
      let fees0 = 0;
      for (const c of l.fees.values()) fees0 += c;
      const profit0 = ns0 + l.cogs + l.shipping + fees0 + l.commission;
      before.netSales += ns0;
      before.netProfit += profit0;
      const grossAfter = l.gross * r * q;
      const promos = change.promo === undefined ? l.promos * r * q : -grossAfter * change.promo;
      const ns = grossAfter + promos;
      const k = ns0 === 0 ? q : ns / ns0;
      let fees = 0;
      for (const [part, c] of l.fees) fees += (bases.get(part) ?? true) ? c * k : c * q;
      const commission =
        change.commission !== undefined && l.commission !== 0 ? -ns * change.commission : l.commission * k;
      const unitCost = (value: number, a: OracleAdjust | undefined) => {
        if (a === undefined) return value * q;
        if ('by' in a) return value * (1 + a.by) * q;
        return l.units === null ? value * q : -l.units * a.to * q;
      };
      const profit = ns + fees + commission + unitCost(l.cogs, change.cogs) + unitCost(l.shipping, change.shipping);
      after.netSales += ns;
      after.netProfit += profit;
      gross += l.gross;
      if (l.commission !== 0) {
        creatorLines += 1;
        creatorGross += l.gross;
        creatorsBefore.netSales += ns0;
        creatorsBefore.netProfit += profit0;
        creatorsAfter.netSales += ns;
        creatorsAfter.netProfit += profit;
      }
      const m = months.get(l.month) ?? { netSales: 0, netProfit: 0, gross: 0 };
      m.netSales += ns;
      m.netProfit += profit;
      m.gross += l.gross;
      months.set(l.month, m);
    }
    const costs = placed.get(skuId) ?? 0;
    before.netProfit += costs;
    after.netProfit += costs;
    for (const m of months.values()) m.netProfit += costs * (gross === 0 ? 1 / months.size : m.gross / gross);
    const creatorCosts = costs * (gross === 0 ? creatorLines / own.length : creatorGross / gross);
    creatorsBefore.netProfit += creatorCosts;
    creatorsAfter.netProfit += creatorCosts;
    const rounded = (f: OracleFigures) => ({ netSales: half(f.netSales), netProfit: half(f.netProfit) });
    out.set(skuId, {
      before: rounded(before),
      after: rounded(after),
      months: new Map([...months].map(([key, v]) => [key, rounded(v)])),
      creators: creatorLines === 0 ? null : { before: rounded(creatorsBefore), after: rounded(creatorsAfter) },
    });
  }
  return out;
}
