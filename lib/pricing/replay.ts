import type { Cents } from '@/lib/profit/money';
import { commissionOf, netSalesOf, type PricingLine } from './line';
import type { FeeBasis, SkuOverhead } from './model';

// The what-if (docs/ARCHITECTURE.md#pricing): the lookback's real lines replayed with the changes.
// Per line, with r = new list price / old (1 without a price change) and q = r^elasticity (1 unless
// the seller sets an elasticity — an assumption, labelled as such):
//   gross' = gross·r·q; promos' = −gross'·promo share when a promo is set, else promos·r·q;
//   a fee part charged on sales scales by net sales'/net sales, a fixed one by q;
//   commission: a set rate × net sales' on the lines that carried a commission, else scaled as sales;
//   cost of goods and shipping: a set unit amount × units·q, a percent change × (1 + p)·q, else ×q.
// The SKU's ad spend and other placed costs stay what they were. Figures are kept exact (no
// rounding per line) and rounded half away from zero once, per figure shown: with no change every
// factor is exactly 1 and the replay is the lines' own cents.

/** A new value per unit (cents), or a change by a fraction (0.05 = +5 %). */
export type Adjust = { to: number } | { by: number };

export interface Change {
  price?: Adjust;
  /** The promo as a share of the list price (0.1 = 10 % off). */
  promo?: number;
  /** The affiliate commission rate on the net sales of the lines sold through a creator. */
  commission?: number;
  cogs?: Adjust;
  shipping?: Adjust;
}

export interface Scenario {
  /** Changes to every SKU (a SKU's own change wins field by field). */
  all: Change;
  skus: Record<string, Change>;
  /** Units move by (new price / old)^elasticity; null: the same units. */
  elasticity: number | null;
}

export const EMPTY_SCENARIO: Scenario = { all: {}, skus: {}, elasticity: null };

export const changeFor = (s: Scenario, skuId: string): Change => ({ ...s.all, ...s.skus[skuId] });

export interface ReplayFigures {
  netSales: number;
  netProfit: number;
}

export interface ReplaySku {
  skuId: string;
  before: ReplayFigures;
  after: ReplayFigures;
  /** By calendar month `YYYY-MM`. */
  months: { month: string; before: ReplayFigures; after: ReplayFigures }[];
  /**
   * The lines sold through a creator (those that carried a commission), with their share of the
   * placed costs: what a commission change moves. Null when no line carried one.
   */
  creators: { before: ReplayFigures; after: ReplayFigures } | null;
  /** The change could not be applied as asked (a new price without a catalog price). */
  skipped: string | null;
}

export interface SkuReplayInput {
  skuId: string;
  lines: readonly PricingLine[];
  listPrice: Cents | null;
  basis: ReadonlyMap<string, FeeBasis>;
  overhead: SkuOverhead;
}

const adjusted = (value: number, units: number | null, a: Adjust | undefined, q: number): number => {
  if (!a) return value * q;
  if ('by' in a) return value * (1 + a.by) * q;
  return units === null ? value * q : -units * a.to * q;
};

/** One line replayed, exact (not rounded): its net sales and net profit. */
export function replayLine(
  l: PricingLine,
  change: Change,
  r: number,
  q: number,
  basis: ReadonlyMap<string, FeeBasis>,
): ReplayFigures {
  const gross = l.grossSales * r * q;
  const promos = change.promo === undefined ? l.promos * r * q : -gross * change.promo;
  const ns0 = netSalesOf(l);
  const ns = gross + promos;
  const salesFactor = ns0 === 0 ? q : ns / ns0;
  let fees = 0;
  for (const [part, cents] of Object.entries(l.fees))
    fees += cents * ((basis.get(part) ?? 'sales') === 'sales' ? salesFactor : q);
  const c0 = commissionOf(l);
  const commission = change.commission !== undefined && c0 !== 0 ? -ns * change.commission : c0 * salesFactor;
  const cogs = adjusted(l.costOfGoods, l.units, change.cogs, q);
  const shipping = adjusted(l.shipping, l.units, change.shipping, q);
  return { netSales: ns, netProfit: ns + fees + commission + cogs + shipping };
}

/** Half away from zero, never −0. */
export const roundCents = (x: number): number => {
  const v = Math.sign(x) * Math.round(Math.abs(x));
  return v === 0 ? 0 : v;
};

const rounded = (f: ReplayFigures): ReplayFigures => ({
  netSales: roundCents(f.netSales),
  netProfit: roundCents(f.netProfit),
});

/** The price factor r of a SKU's change, or null when it cannot be applied (no list price to change from). */
export function priceFactor(change: Change, listPrice: Cents | null): number | null {
  if (!change.price) return 1;
  if ('by' in change.price) return 1 + change.price.by;
  return listPrice && listPrice > 0 ? change.price.to / listPrice : null;
}

/** Units move by r^elasticity: only with an elasticity and a price that moves (and stays above 0). */
export const unitsFactor = (r: number, elasticity: number | null): number =>
  elasticity === null || r === 1 || r <= 0 ? 1 : Math.pow(r, elasticity);

/** A SKU's lines replayed with `change` at price factor r and units factor q: exact sums, placed costs included. */
export interface ReplaySums {
  all: ReplayFigures;
  /** The lines that carried a commission, with their share of the placed costs by gross sales; null without any. */
  creators: ReplayFigures | null;
}

const placedOf = (o: SkuOverhead) => o.adSpend + o.other;

/** The replay's sums, unrounded: what the answers solve (./answers) and the what-if rounds once. */
export function replaySums(input: SkuReplayInput, change: Change, r: number, q: number): ReplaySums {
  const all = { netSales: 0, netProfit: 0 };
  const creators = { netSales: 0, netProfit: 0 };
  let gross = 0;
  let creatorGross = 0;
  let creatorLines = 0;
  for (const l of input.lines) {
    const f = replayLine(l, change, r, q, input.basis);
    all.netSales += f.netSales;
    all.netProfit += f.netProfit;
    gross += l.grossSales;
    if (commissionOf(l) !== 0) {
      creators.netSales += f.netSales;
      creators.netProfit += f.netProfit;
      creatorGross += l.grossSales;
      creatorLines += 1;
    }
  }
  const placed = placedOf(input.overhead);
  all.netProfit += placed;
  if (creatorLines === 0) return { all, creators: null };
  creators.netProfit += placed * (gross === 0 ? creatorLines / input.lines.length : creatorGross / gross);
  return { all, creators };
}

/** Replays one SKU's lines; its placed costs are spread over the months by the months' gross sales. */
export function replaySku(input: SkuReplayInput, change: Change, elasticity: number | null): ReplaySku {
  const factor = priceFactor(change, input.listPrice);
  const r = factor ?? 1;
  const q = unitsFactor(r, elasticity);
  const byMonth = new Map<string, { before: ReplayFigures; after: ReplayFigures; gross: number }>();
  let gross = 0;
  for (const l of input.lines) {
    const month = l.day.slice(0, 7);
    let m = byMonth.get(month);
    if (!m)
      byMonth.set(
        month,
        (m = { before: { netSales: 0, netProfit: 0 }, after: { netSales: 0, netProfit: 0 }, gross: 0 }),
      );
    const before = replayLine(l, {}, 1, 1, input.basis);
    const after = replayLine(l, change, r, q, input.basis);
    m.before.netSales += before.netSales;
    m.before.netProfit += before.netProfit;
    m.after.netSales += after.netSales;
    m.after.netProfit += after.netProfit;
    m.gross += l.grossSales;
    gross += l.grossSales;
  }
  const placed = placedOf(input.overhead);
  const months = [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1));
  const out: ReplaySku['months'] = [];
  for (const [month, m] of months) {
    const share = gross === 0 ? 1 / months.length : m.gross / gross;
    for (const k of ['before', 'after'] as const) m[k].netProfit += placed * share;
    out.push({ month, before: rounded(m.before), after: rounded(m.after) });
  }
  const before = replaySums(input, {}, 1, 1);
  const after = replaySums(input, change, r, q);
  return {
    skuId: input.skuId,
    before: rounded(before.all),
    after: rounded(after.all),
    months: out,
    creators:
      before.creators && after.creators ? { before: rounded(before.creators), after: rounded(after.creators) } : null,
    skipped: factor === null ? 'No catalog price: a new price cannot be set, only a change in percent.' : null,
  };
}

export interface WhatIf {
  skus: ReplaySku[];
  total: { before: ReplayFigures; after: ReplayFigures };
  months: { month: string; before: ReplayFigures; after: ReplayFigures }[];
}

/** Every SKU replayed; the totals are the SKUs' rounded figures added (what the table shows adds up). */
export function replayScenario(inputs: readonly SkuReplayInput[], scenario: Scenario): WhatIf {
  const skus = inputs.map((i) => replaySku(i, changeFor(scenario, i.skuId), scenario.elasticity));
  const zero = (): ReplayFigures => ({ netSales: 0, netProfit: 0 });
  const total = { before: zero(), after: zero() };
  const months = new Map<string, { before: ReplayFigures; after: ReplayFigures }>();
  const add = (into: ReplayFigures, f: ReplayFigures) => {
    into.netSales += f.netSales;
    into.netProfit += f.netProfit;
  };
  for (const s of skus) {
    add(total.before, s.before);
    add(total.after, s.after);
    for (const m of s.months) {
      let t = months.get(m.month);
      if (!t) months.set(m.month, (t = { before: zero(), after: zero() }));
      add(t.before, m.before);
      add(t.after, m.after);
    }
  }
  return {
    skus,
    total,
    months: [...months].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, t]) => ({ month, ...t })),
  };
}
