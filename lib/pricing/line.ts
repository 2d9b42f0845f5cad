import type { OrderProduct } from '@/lib/contract';
import { toCents, type Cents } from '@/lib/profit/money';

// One order line as the pricing model and the what-if read it (docs/ARCHITECTURE.md#pricing): the
// line's figures in cents, its platform fees and affiliate commission part by part (the parts are
// what the model learns each fee from), its units estimated as the SKU report estimates them.

export interface PricingLine {
  orderId: string;
  lineIndex: number;
  skuId: string;
  /** The order's shop-local creation day, `YYYY-MM-DD`. */
  day: string;
  /** Unsettled or draft: fees, shipping and commission are estimates. */
  estimated: boolean;
  grossSales: Cents;
  /** ≤ 0. */
  promos: Cents;
  /** ≤ 0: the seller's dated unit cost where one is in effect, else the service's. */
  costOfGoods: Cents;
  cogsFromInput: boolean;
  /** ≤ 0, the group's total. */
  shipping: Cents;
  /** Each platform fee part (≤ 0), by part name; `expectedDrift` when an estimate is adjusted. */
  fees: Record<string, Cents>;
  /** Each affiliate commission part (≤ 0), by part name; `expectedDrift` when adjusted. */
  commission: Record<string, Cents>;
  /** grossSales / catalog price, or null when the catalog has no price (or the line no gross). */
  units: number | null;
}

/** The part an estimated line's expected settlement drift is added as, in each group it changes. */
export const DRIFT_PART = 'expectedDrift';

const sum = (parts: Record<string, number>) => Object.values(parts).reduce((a, b) => a + b, 0);
export const feesOf = (l: Pick<PricingLine, 'fees'>): Cents => sum(l.fees);
export const commissionOf = (l: Pick<PricingLine, 'commission'>): Cents => sum(l.commission);
export const netSalesOf = (l: Pick<PricingLine, 'grossSales' | 'promos'>): Cents => l.grossSales + l.promos;
export const netProfitOf = (l: PricingLine): Cents =>
  l.grossSales + l.promos + l.costOfGoods + l.shipping + feesOf(l) + commissionOf(l);

/** The non-zero parts of a group but its total, in cents. */
function partsOf(group: Record<string, number>): Record<string, Cents> {
  const out: Record<string, Cents> = {};
  for (const [part, amount] of Object.entries(group)) {
    if (part === 'total') continue;
    const cents = toCents(amount);
    if (cents !== 0) out[part] = cents;
  }
  return out;
}

/**
 * A stored product line. The group totals are what reports count; when a group's parts do not add
 * up to its total, the difference is kept as the part `other` so the line's net profit is the
 * report's, to the cent.
 */
export function pricingLineOf(
  at: { orderId: string; lineIndex: number; day: string; estimated: boolean },
  p: OrderProduct,
  cogs: { cents: Cents; fromInput: boolean } | null,
  catalogPrice: Cents | null,
): PricingLine {
  const grossSales = toCents(p.grossSales);
  const fees = partsOf(p.platformFees as unknown as Record<string, number>);
  const commission = partsOf(p.affiliateCommission as unknown as Record<string, number>);
  const feeGap = toCents(p.platformFees.total) - sum(fees);
  if (feeGap !== 0) fees.other = (fees.other ?? 0) + feeGap;
  const commissionGap = toCents(p.affiliateCommission.total) - sum(commission);
  if (commissionGap !== 0) commission.other = (commission.other ?? 0) + commissionGap;
  return {
    ...at,
    skuId: p.skuId,
    grossSales,
    promos: toCents(p.promos),
    costOfGoods: cogs?.cents ?? toCents(p.costOfGoods),
    cogsFromInput: cogs?.fromInput ?? false,
    shipping: toCents(p.shippingCost.total),
    fees,
    commission,
    units: catalogPrice && catalogPrice > 0 && grossSales > 0 ? grossSales / catalogPrice : null,
  };
}

/** Expected settlement drift per cost, as shares of net sales (lib/reports/settlement-expected). */
export interface DriftRatios {
  shipping: number;
  platform_fees: number;
  affiliate_commission: number;
}

/**
 * An estimated line with its expected settlement drift added (net sales × each cost's expected
 * drift ratio, rounded half away from zero per line): the model prefers settled figures, and an
 * estimate is moved to where it is expected to settle. Settled lines are returned as they are.
 */
export function withExpectedDrift(line: PricingLine, ratios: DriftRatios | null): PricingLine {
  if (!line.estimated || !ratios) return line;
  const ns = netSalesOf(line);
  const cents = (r: number) => {
    const v = Math.round(Math.abs(ns * r)) * Math.sign(ns * r);
    return v === 0 ? 0 : v;
  };
  const add = (parts: Record<string, number>, r: number) => {
    const d = cents(r);
    return d === 0 ? parts : { ...parts, [DRIFT_PART]: (parts[DRIFT_PART] ?? 0) + d };
  };
  return {
    ...line,
    shipping: line.shipping + cents(ratios.shipping),
    fees: add(line.fees, ratios.platform_fees),
    commission: add(line.commission, ratios.affiliate_commission),
  };
}
