import type { Sku } from '@/lib/contract';
import { margin, toCents, type Cents } from './money';

// A SKU's unit economics from the catalog . Catalog cost inputs are positive amounts,
// unlike an order line's negative costs. Platform fees and commissions are only known per order,
// so this is the profit *before fees*: what the SKU costs table can honestly show.

export interface SkuUnitProfit {
  price: Cents;
  cogs: Cents;
  shippingCost: Cents;
  /** price − cogs − shipping cost. */
  unitProfitBeforeFees: Cents;
  /** unitProfitBeforeFees / price; null when the price is 0. */
  margin: number | null;
}

/** `cogsCents`: the unit cost to count instead of the catalog's (the seller's own, in effect today). */
export function skuUnitProfit(sku: Pick<Sku, 'price' | 'cogs' | 'shippingCost'>, cogsCents?: number): SkuUnitProfit {
  const price = toCents(sku.price);
  // Abs: a catalog that sends costs negative (as order lines do) must not turn a cost into income.
  const cogs = cogsCents ?? Math.abs(toCents(sku.cogs));
  const shippingCost = Math.abs(toCents(sku.shippingCost));
  const unitProfitBeforeFees = price - cogs - shippingCost;
  return { price, cogs, shippingCost, unitProfitBeforeFees, margin: margin(unitProfitBeforeFees, price) };
}
