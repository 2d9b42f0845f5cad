import type { Order, OrderProduct } from '@/lib/contract';
import type { SettlementRow } from '@/lib/service/store/writer';
import { costOf, percentOf, toAmount } from './money';
import { chance, createRng, intBetween, type Rng } from './prng';

// How an order settles (README.md, "Settlement"). The generated figures are the estimate; the
// settled figures are derived from it, seeded by the order id, so every generation of the same
// data set settles the same way. Sales, GMV, promos and cost of goods are final from the start;
// platform fees, shipping and affiliate commission are re-rated. All in integer cents.

const DAY = 86_400;

/** An order settles in the first daily statement (00:00 UTC) at least 21 + 0…13 days after it was created. */
export const SETTLE_DAYS = { min: 21, spread: 13 } as const;
/** A line's fee change is its SKU's bias plus a jitter of up to ±1 point. */
export const FEE_JITTER = 0.01;
/** Affiliate commission (where present) changes by up to ±5 %. */
export const COMMISSION_CHANGE = 0.05;
/** About 2 % of orders carry a correction: an extra fee worth 5–15 % of each line's net sales. */
export const CORRECTION = { chance: 0.02, minPercent: 5, maxPercent: 15 } as const;

export interface SkuSettlementBias {
  /** How the SKU's fees settle, relative to the estimate (−7 % … +7 %, fixed per SKU). */
  fees: number;
  /** The range a line's shipping is re-rated in: +5 … +15 % (a third of SKUs) or −2 … +2 %. */
  shipping: readonly [number, number];
}

/** A SKU's settlement bias, from the seed and the SKU id alone (the same on every generation day). */
export function skuSettlementBias(seed: number, skuId: string): SkuSettlementBias {
  const rng = createRng(`${seed}:settlement-sku:${skuId}`);
  const fees = (rng() * 2 - 1) * 0.07;
  const shipping = chance(rng, 1 / 3) ? ([0.05, 0.15] as const) : ([-0.02, 0.02] as const);
  return { fees, shipping };
}

/** When an order created at `createTime` settles (Unix seconds, a 00:00 UTC). */
function settleTime(rng: Rng, createTime: number): number {
  const earliest = createTime + (SETTLE_DAYS.min + intBetween(rng, 0, SETTLE_DAYS.spread)) * DAY;
  return Math.ceil(earliest / DAY) * DAY;
}

/** The order's settled figures (orderType SETTLED) and its settle time, from its estimate. */
export function settleOrder(seed: number, estimate: Order): SettlementRow {
  const rng = createRng(`${seed}:settlement:${estimate.id}`);
  const settleAt = settleTime(rng, estimate.createTime);
  const correction = chance(rng, CORRECTION.chance) ? intBetween(rng, CORRECTION.minPercent, CORRECTION.maxPercent) : 0;
  const products = estimate.products.map((line) =>
    settleLine(rng, line, skuSettlementBias(seed, line.skuId), correction),
  );
  return { settleAt, order: { ...estimate, orderType: 'SETTLED', products } };
}

const between = (rng: Rng, low: number, high: number) => low + (high - low) * rng();
const cents = (amount: number) => Math.round(amount * 100);
/** A cost (≤ 0, in cents) re-rated by `factor` (> 0). */
const rerated = (amount: number, factor: number) => costOf(Math.round(-cents(amount) * factor));

function settleLine(rng: Rng, line: OrderProduct, bias: SkuSettlementBias, correction: number): OrderProduct {
  const fees = 1 + bias.fees + between(rng, -FEE_JITTER, FEE_JITTER);
  const shipping = 1 + between(rng, bias.shipping[0], bias.shipping[1]);
  const commission = 1 + between(rng, -COMMISSION_CHANGE, COMMISSION_CHANGE);
  const netSales = cents(line.grossSales) + cents(line.promos);
  return {
    ...line,
    shippingCost: regroup(line.shippingCost, (_, amount) => rerated(amount, shipping)),
    platformFees: regroup(line.platformFees, (part, amount) => {
      // The transaction fee is a share of GMV, which settlement does not change.
      if (part === 'transactionFee') return cents(amount);
      const settled = rerated(amount, fees);
      return part === 'otherFeeAndTax' ? settled - percentOf(netSales, correction) : settled;
    }),
    affiliateCommission: regroup(line.affiliateCommission, (_, amount) => rerated(amount, commission)),
  };
}

/** A money group with each part mapped (in cents) and its total the sum of the new parts. */
function regroup<G extends { total: number }>(group: G, part: (key: string, amount: number) => number): G {
  const out: Record<string, number> = { total: 0 };
  let total = 0;
  for (const [key, amount] of Object.entries(group)) {
    if (key === 'total') continue;
    const value = part(key, amount as number);
    total += value;
    out[key] = toAmount(value);
  }
  out.total = toAmount(total);
  return out as unknown as G;
}
