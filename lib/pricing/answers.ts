import type { SkuModel } from './model';

// A SKU's answers from its linear unit model (docs/ARCHITECTURE.md#pricing). Per unit, at list
// price P: net sales = P·(1 − promo share); sales-based costs (fee parts on sales, commission) are
// shares of net sales; the fixed ones (cost of goods, shipping, fixed fee parts, the seller's ad
// spend and other costs placed on the SKU) do not move with the price. So
//   unit profit(P) = P·(1 − s)·(1 − f − c) − F
// and each answer is that line solved for one unknown. Prices are rounded half up to the cent;
// shares are returned as fractions. An answer with no solution (the shares eat every sale) is null.

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
  /** The highest commission rate (of a unit's net sales, sold through a creator) that keeps the target. */
  maxCommissionRate: number | null;
  /** The unit cost of goods at which the SKU stops making money, cents. */
  breakEvenCogs: number | null;
  /** Net sales per unit of ad spend at which ads break even (1 / ACoS), and that ACoS. */
  breakEvenRoas: number | null;
  breakEvenAcos: number | null;
  /** Unit profit at the current list price and shares, cents. */
  unitProfit: number | null;
  /** (list price − target price) / target price: how far the SKU is from its target (negative: below). */
  gapToTarget: number | null;
}

/** The fixed costs per unit: cost of goods, shipping, fixed fee parts, ad spend and other placed costs. */
export function fixedPerUnit(m: SkuModel): number | null {
  if (m.units === null) return null;
  return (
    (m.cogsPerUnit ?? 0) +
    (m.shippingPerUnit ?? 0) +
    (m.feeFixedPerUnit ?? 0) +
    (m.adSpendPerUnit ?? 0) +
    (m.otherCostsPerUnit ?? 0)
  );
}

const cents = (x: number): number | null => (Number.isFinite(x) ? Math.round(x) : null);
const positive = (x: number): number | null => (Number.isFinite(x) && x > 0 ? x : null);

/** `target`: the seller's target margin (a fraction of net sales, e.g. 0.2). */
export function skuAnswers(m: SkuModel, target: number): SkuAnswers {
  const F = fixedPerUnit(m);
  const P = m.listPrice;
  const none: SkuAnswers = {
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
  if (F === null || P === null) return none;
  const s = m.promoShare;
  const f = m.feeRate;
  const c = m.commissionRate;
  const priceAt = (margin: number) => {
    const k = (1 - s) * (1 - f - c - margin);
    return k > 0 ? cents(F / k) : null;
  };
  // The deepest promo share s' with P·(1 − s')·(1 − f − c − margin) ≥ F.
  const promoAt = (margin: number) => {
    const k = P * (1 - f - c - margin);
    return k > 0 ? 1 - F / k : null;
  };
  const unitNs = P * (1 - s);
  const unitProfit = unitNs * (1 - f - c) - F;
  const targetPrice = priceAt(target);
  const maxPromoBreakEven = promoAt(0);
  const maxPromoTarget = promoAt(target);
  // Profit before ad spend, per unit of net sales: what ads may cost at break-even.
  const acos = unitNs > 0 ? (unitProfit + (m.adSpendPerUnit ?? 0)) / unitNs : NaN;
  return {
    breakEvenPrice: priceAt(0),
    targetPrice,
    maxPromoBreakEven,
    maxPromoTarget,
    maxPromoBreakEvenAmount: maxPromoBreakEven === null ? null : cents(maxPromoBreakEven * P),
    maxPromoTargetAmount: maxPromoTarget === null ? null : cents(maxPromoTarget * P),
    // Sold through a creator, the unit's commission replaces the SKU's average: 1 − f − target − F / net sales.
    maxCommissionRate: unitNs > 0 ? 1 - f - target - F / unitNs : null,
    breakEvenCogs: cents((m.cogsPerUnit ?? 0) + unitProfit),
    breakEvenAcos: positive(acos),
    breakEvenRoas: positive(acos) === null ? null : 1 / acos,
    unitProfit: cents(unitProfit),
    gapToTarget: targetPrice === null || targetPrice <= 0 ? null : (P - targetPrice) / targetPrice,
  };
}
