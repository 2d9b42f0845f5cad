import type { SkuModel } from './model';
import { replaySums, type Change, type ReplayFigures, type SkuReplayInput } from './replay';

// A SKU's answers are the what-if solved (docs/ARCHITECTURE.md#pricing): each is the value of one
// change at which the replay of the SKU's own lines (./replay, same units sold) nets 0, or the
// target margin. The replay is linear in each change — sales, promos, fees on sales and commission
// scale with the price; a set promo, commission rate or unit cost enters each line linearly — so
// two replays give the line and its root, and an answer put back into the what-if replays to what
// it promises (±1 cent per unit: a price is rounded to the cent). The learned unit model (./model)
// is how the page explains these figures, not a second way to compute them. Shares are returned as
// fractions; an answer with no solution (the costs eat every sale) is null.

export interface SkuAnswers {
  /** List price where net profit is 0, cents. */
  breakEvenPrice: number | null;
  /** List price where margin (net profit / net sales) is the target, cents. */
  targetPrice: number | null;
  /** The deepest promo, as a share of the list price, that still breaks even / keeps the target. */
  maxPromoBreakEven: number | null;
  maxPromoTarget: number | null;
  /** The same as an amount per unit, cents. */
  maxPromoBreakEvenAmount: number | null;
  maxPromoTargetAmount: number | null;
  /**
   * The highest commission rate (of the net sales of the lines sold through a creator) at which those
   * lines keep the target margin; null when no line of the range was sold through a creator.
   */
  maxCommissionRate: number | null;
  /** The unit cost of goods at which the SKU stops making money, cents. */
  breakEvenCogs: number | null;
  /** Net sales per unit of ad spend at which ads break even (1 / ACoS), and that ACoS. */
  breakEvenRoas: number | null;
  breakEvenAcos: number | null;
  /** Net profit per unit at the current list price, cents. */
  unitProfit: number | null;
  /** (list price − target price) / target price: how far the SKU is from its target (negative: below). */
  gapToTarget: number | null;
}

const NONE: SkuAnswers = {
  breakEvenPrice: null,
  targetPrice: null,
  maxPromoBreakEven: null,
  maxPromoTarget: null,
  maxPromoBreakEvenAmount: null,
  maxPromoTargetAmount: null,
  maxCommissionRate: null,
  breakEvenCogs: null,
  breakEvenRoas: null,
  breakEvenAcos: null,
  unitProfit: null,
  gapToTarget: null,
};

const cents = (x: number): number | null => (Number.isFinite(x) ? Math.round(x) : null);
const positive = (x: number): number | null => (Number.isFinite(x) && x > 0 ? x : null);

/** What is left at margin m: net profit − m × net sales (0 at break-even when m = 0). */
const above = (f: ReplayFigures, margin: number) => f.netProfit - margin * f.netSales;

/**
 * The root x of a quantity linear in x, from its values at x = 0 and x = 1; null when it does not
 * move with x in the direction an answer needs (`rising`: it grows with x, as profit with the price).
 */
function root(at0: number, at1: number, rising: boolean): number | null {
  const slope = at1 - at0;
  if (rising ? slope <= 0 : slope >= 0) return null;
  const x = -at0 / slope;
  return Number.isFinite(x) ? x : null;
}

/** `target`: the seller's target margin (a fraction of net sales, e.g. 0.2). */
export function skuAnswers(input: SkuReplayInput, m: SkuModel, target: number): SkuAnswers {
  const P = m.listPrice;
  const units = m.units;
  if (P === null || units === null || P <= 0) return NONE;
  const sums = (change: Change, r = 1) => replaySums(input, change, r, 1);
  const now = sums({});
  // The price as a factor r of the list price: r = 0 leaves the fixed costs, r = 1 is now.
  const free = sums({}, 0).all;
  const priceAt = (margin: number) => {
    const r = root(above(free, margin), above(now.all, margin), true);
    return r === null ? null : cents(r * P);
  };
  // A promo set as a share of the list price replaces each line's own: p = 0 none, p = 1 all of it.
  const noPromo = sums({ promo: 0 }).all;
  const allPromo = sums({ promo: 1 }).all;
  const promoAt = (margin: number) => root(above(noPromo, margin), above(allPromo, margin), false);
  // A commission set on the lines sold through a creator, weighed on those lines alone.
  const noCommission = sums({ commission: 0 }).creators;
  const allCommission = sums({ commission: 1 }).creators;
  // A unit cost of goods set per unit (in cents): x = 0 and x = 1 cent.
  const cogsAt0 = sums({ cogs: { to: 0 } }).all.netProfit;
  const cogsAt1 = sums({ cogs: { to: 1 } }).all.netProfit;
  const targetPrice = priceAt(target);
  const maxPromoBreakEven = promoAt(0);
  const maxPromoTarget = promoAt(target);
  // Profit before ad spend, per unit of net sales: what ads may cost at break-even.
  const acos = now.all.netSales > 0 ? (now.all.netProfit - input.overhead.adSpend) / now.all.netSales : NaN;
  return {
    breakEvenPrice: priceAt(0),
    targetPrice,
    maxPromoBreakEven,
    maxPromoTarget,
    maxPromoBreakEvenAmount: maxPromoBreakEven === null ? null : cents(maxPromoBreakEven * P),
    maxPromoTargetAmount: maxPromoTarget === null ? null : cents(maxPromoTarget * P),
    maxCommissionRate:
      noCommission && allCommission ? root(above(noCommission, target), above(allCommission, target), false) : null,
    breakEvenCogs: cents(root(cogsAt0, cogsAt1, false) ?? NaN),
    breakEvenAcos: positive(acos),
    breakEvenRoas: positive(acos) === null ? null : 1 / acos,
    unitProfit: cents(now.all.netProfit / units),
    gapToTarget: targetPrice === null || targetPrice <= 0 ? null : (P - targetPrice) / targetPrice,
  };
}
