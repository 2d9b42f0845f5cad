import type { Cents } from '@/lib/profit/money';
import { commissionOf, feesOf, netProfitOf, netSalesOf, type PricingLine } from './line';

// The per-SKU unit economics learned from the lookback's lines (docs/ARCHITECTURE.md#pricing): how
// the page explains a SKU's answers (./answers solves the replay of the same lines). Costs are
// positive magnitudes here (a fee of 3.00 is 300), unlike the lines' negative cents. Every figure
// is the SKU's own, from its own lines; only how each fee part is charged — a share of sales or a
// fixed amount per line — is the shop's below MIN_LINES lines (a single line fits both exactly),
// and the page says so.

/** Below this many lines, how each fee part is charged is learned from the shop's lines. */
export const MIN_LINES = 10;

export type FeeBasis = 'sales' | 'fixed';

/** One platform fee part: a share of net sales, or a fixed amount per line, whichever fits the lines better. */
export interface FeePartModel {
  part: string;
  basis: FeeBasis;
  /** basis 'sales': the part / net sales; 'fixed': 0. */
  rate: number;
  /** basis 'fixed': cents per line; 'sales': 0. */
  perLine: number;
  /** Σ|line's part − the model's| / Σ|line's part| over the lines it was learned from; null without any. */
  fitError: number | null;
  lines: number;
}

/** Where each fee part's basis was learned: the SKU's own lines, or the shop's (too few of its own). */
export type LearnedFrom = 'sku' | 'shop';

export interface SkuModel {
  skuId: string;
  lines: number;
  /** Σ estimated units; null when the catalog has no price for the SKU (nothing per unit can be said). */
  units: number | null;
  /** Catalog (list) price, cents: gross sales per unit, as units are estimated from it. */
  listPrice: Cents | null;
  /** Net sales per unit (after promos), cents. */
  realisedPrice: number | null;
  /** −promos / gross sales. */
  promoShare: number;
  fees: FeePartModel[];
  /** Σ of the sales-based fee parts' rates. */
  feeRate: number;
  /** Σ of the fixed fee parts per line × lines / units: cents per unit. */
  feeFixedPerUnit: number | null;
  /** Fee model against the lines' own fees: Σ|line's fees − modelled| / Σ|line's fees| (null without fees). */
  feeFitError: number | null;
  /** Commission / net sales over all the SKU's sales. */
  commissionRate: number;
  /** Net sales of lines that carried a commission / all net sales. */
  affiliateShare: number;
  /** Commission / net sales of the lines that carried one (what a creator took), null without any. */
  affiliateRate: number | null;
  shippingPerUnit: number | null;
  cogsPerUnit: number | null;
  /** Where the cost of goods comes from: all lines the seller's, none, or some. */
  cogsSource: 'input' | 'service' | 'mixed';
  /** The seller's ad spend on the SKU and its other costs placed on it (charges, allocated), per unit. */
  adSpendPerUnit: number | null;
  otherCostsPerUnit: number | null;
  /** How each fee part is charged (a share of sales or fixed) was learned from: the SKU's own lines or the shop's. */
  basisFrom: LearnedFrom;
  estimatedLines: number;
  /** Lookback totals, cents. */
  netSales: Cents;
  netProfit: Cents;
  adSpend: Cents;
  otherCosts: Cents;
}

/** The seller's costs placed on a SKU over the lookback (≤ 0), from the SKU report. */
export interface SkuOverhead {
  adSpend: Cents;
  /** Charges per unit or order and allocated shop costs. */
  other: Cents;
}

export interface ShopShares {
  lines: number;
  promoShare: number;
  fees: FeePartModel[];
  commissionRate: number;
  /** Σ refund days / Σ net sales of the lookback (refunds are daily totals, never a SKU's): shown, not counted. */
  refundRate: number | null;
}

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

/**
 * Fits each fee part over `lines`: a share of net sales, or a fixed amount per line, the smaller
 * error wins — or, for a part `basis` names, the basis it gives (the shop's, for a SKU of few lines).
 */
export function fitFeeParts(lines: readonly PricingLine[], basis?: ReadonlyMap<string, FeeBasis>): FeePartModel[] {
  const parts = new Set<string>();
  for (const l of lines) for (const p of Object.keys(l.fees)) parts.add(p);
  const out: FeePartModel[] = [];
  for (const part of [...parts].sort()) {
    let total = 0;
    let sales = 0;
    let abs = 0;
    for (const l of lines) {
      const y = -(l.fees[part] ?? 0);
      total += y;
      abs += Math.abs(y);
      sales += netSalesOf(l);
    }
    const rate = ratio(total, sales);
    const perLine = ratio(total, lines.length);
    let errSales = 0;
    let errFixed = 0;
    for (const l of lines) {
      const y = -(l.fees[part] ?? 0);
      errSales += Math.abs(y - rate * netSalesOf(l));
      errFixed += Math.abs(y - perLine);
    }
    // Ties go to the share of sales: most fees are charged on sales, and a share follows a price change.
    const fitted: FeeBasis = errSales <= errFixed ? 'sales' : 'fixed';
    const chosen: FeeBasis = sales === 0 ? 'fixed' : (basis?.get(part) ?? fitted);
    const err = chosen === 'sales' ? errSales : errFixed;
    out.push({
      part,
      basis: chosen,
      rate: chosen === 'sales' ? rate : 0,
      perLine: chosen === 'fixed' ? perLine : 0,
      fitError: abs === 0 ? null : err / abs,
      lines: lines.length,
    });
  }
  return out;
}

/** The shop's shares over every line of the lookback: the page's summary, and the fee bases a SKU of few lines takes. */
export function shopShares(lines: readonly PricingLine[], refunds: Cents): ShopShares {
  let gross = 0;
  let promos = 0;
  let ns = 0;
  let commission = 0;
  for (const l of lines) {
    gross += l.grossSales;
    promos += l.promos;
    ns += netSalesOf(l);
    commission += commissionOf(l);
  }
  return {
    lines: lines.length,
    promoShare: ratio(-promos, gross),
    fees: fitFeeParts(lines),
    commissionRate: ratio(-commission, ns),
    refundRate: ns === 0 ? null : -refunds / ns,
  };
}

/** The basis of each fee part for a SKU's model: what the what-if scales and what it keeps. */
export const feeBasisOf = (model: Pick<SkuModel, 'fees'>): Map<string, FeeBasis> =>
  new Map(model.fees.map((f) => [f.part, f.basis]));

/** One SKU's model from its lines (all of one SKU) and the seller's costs placed on it. */
export function skuModel(
  skuId: string,
  lines: readonly PricingLine[],
  listPrice: Cents | null,
  overhead: SkuOverhead,
  shop: ShopShares,
): SkuModel {
  const own = lines.length >= MIN_LINES;
  let gross = 0;
  let promos = 0;
  let ns = 0;
  let commission = 0;
  let affiliateNs = 0;
  let affiliateCommission = 0;
  let shipping = 0;
  let cogs = 0;
  let recosted = 0;
  let units: number | null = 0;
  let profit = 0;
  let estimated = 0;
  for (const l of lines) {
    gross += l.grossSales;
    promos += l.promos;
    ns += netSalesOf(l);
    const c = commissionOf(l);
    commission += c;
    if (c !== 0) {
      affiliateNs += netSalesOf(l);
      affiliateCommission += c;
    }
    shipping += l.shipping;
    cogs += l.costOfGoods;
    if (l.cogsFromInput) recosted += 1;
    if (l.estimated) estimated += 1;
    profit += netProfitOf(l);
    // A line without gross sales (a free item) has no units to estimate: it counts as none.
    units += l.units ?? 0;
  }
  if (units <= 0 || !listPrice) units = null;
  const fees = fitFeeParts(lines, own ? undefined : feeBasisOf(shop));
  const feeRate = fees.filter((f) => f.basis === 'sales').reduce((a, f) => a + f.rate, 0);
  const fixedPerLine = fees.filter((f) => f.basis === 'fixed').reduce((a, f) => a + f.perLine, 0);
  const perUnit = (cents: number) => (units === null ? null : cents / units);
  return {
    skuId,
    lines: lines.length,
    units,
    listPrice: units === null ? null : listPrice,
    realisedPrice: perUnit(ns),
    promoShare: ratio(-promos, gross),
    fees,
    feeRate,
    feeFixedPerUnit: perUnit(fixedPerLine * lines.length),
    feeFitError: feeFitError(lines, fees),
    commissionRate: ratio(-commission, ns),
    affiliateShare: ratio(affiliateNs, ns),
    affiliateRate: affiliateNs === 0 ? null : -affiliateCommission / affiliateNs,
    shippingPerUnit: perUnit(-shipping),
    cogsPerUnit: perUnit(-cogs),
    cogsSource: recosted === 0 ? 'service' : recosted === lines.length ? 'input' : 'mixed',
    adSpendPerUnit: perUnit(-overhead.adSpend),
    otherCostsPerUnit: perUnit(-overhead.other),
    basisFrom: own ? 'sku' : 'shop',
    estimatedLines: estimated,
    netSales: ns,
    netProfit: profit + overhead.adSpend + overhead.other,
    adSpend: overhead.adSpend,
    otherCosts: overhead.other,
  };
}

/** The fee model against the lines' own fees: Σ|fees − modelled| / Σ|fees|, per line. */
function feeFitError(lines: readonly PricingLine[], fees: readonly FeePartModel[]): number | null {
  let err = 0;
  let abs = 0;
  for (const l of lines) {
    const actual = -feesOf(l);
    const modelled = fees.reduce((a, f) => a + (f.basis === 'sales' ? f.rate * netSalesOf(l) : f.perLine), 0);
    err += Math.abs(actual - modelled);
    abs += Math.abs(actual);
  }
  return abs === 0 ? null : err / abs;
}
