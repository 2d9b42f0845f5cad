import type { OrderProduct } from '@/lib/contract';
import { margin, toCents, type Cents } from './money';

// Net profit of a product line (docs/ARCHITECTURE.md#profit):
//   net sales  = grossSales + promos            (seller-funded discounts reduce revenue)
//   net profit = grossSales + promos + costOfGoods + shippingCost.total
//                + platformFees.total + affiliateCommission.total
// Every cost field is negative, so every figure is a plain sum. GMV and the platform-funded
// discount are shown, never used as revenue. Each group's `total` is used, never total and parts.
// With the seller's costs, the line also pays the charged kinds' charges (lib/costs/charges: per
// unit, and per order on the order's first counted line), each its own cost, in totalCosts.

/** A charged cost kind's charge on a line (lib/costs/order-cogs): the kind, its P&L words and its cents (≤ 0). */
export interface LineCharge {
  id: string;
  label: string;
  cents: Cents;
}

export interface LineProfit {
  gmv: Cents;
  productSales: Cents;
  shippingFee: Cents;
  sellerDiscount: Cents;
  platformDiscount: Cents;
  grossSales: Cents;
  promos: Cents;
  netSales: Cents;
  costOfGoods: Cents;
  /** The service's costOfGoods; `costOfGoods` differs when the seller's dated unit cost re-costs the line. */
  serviceCostOfGoods: Cents;
  /** True when costOfGoods is the seller's (lib/costs/cogs), false when it is the service's. */
  cogsFromInput: boolean;
  shipping: Cents;
  platformFees: Cents;
  affiliateCommission: Cents;
  /** The seller's charged kinds on this line, one per kind set up (none in the service's view). */
  charges: LineCharge[];
  /** Σ charges (≤ 0). */
  charged: Cents;
  /** costOfGoods + shipping + platformFees + affiliateCommission + charged (≤ 0). */
  totalCosts: Cents;
  netProfit: Cents;
  margin: number | null;
}

/** The cost groups of a line, in the order the UI and exports show them. */
export const COST_GROUPS = ['costOfGoods', 'shipping', 'platformFees', 'affiliateCommission'] as const;

/**
 * `cogs`: the line's cost of goods under the seller's dated unit cost (lib/costs/cogs recostedCogs),
 * or null to keep the service's; `charges`: the seller's charged kinds on the line (none: the
 * service's view). Every other figure is the service's.
 */
export function lineProfit(
  p: OrderProduct,
  cogs: Cents | null = null,
  charges: readonly LineCharge[] = [],
): LineProfit {
  const grossSales = toCents(p.grossSales);
  const promos = toCents(p.promos);
  const serviceCostOfGoods = toCents(p.costOfGoods);
  const costOfGoods = cogs ?? serviceCostOfGoods;
  const shipping = toCents(p.shippingCost.total);
  const platformFees = toCents(p.platformFees.total);
  const affiliateCommission = toCents(p.affiliateCommission.total);
  const netSales = grossSales + promos;
  const charged = charges.reduce((a, c) => a + c.cents, 0);
  const totalCosts = costOfGoods + shipping + platformFees + affiliateCommission + charged;
  const netProfit = netSales + totalCosts;
  return {
    gmv: toCents(p.gmv),
    productSales: toCents(p.gmvBreakdown.productSales),
    shippingFee: toCents(p.gmvBreakdown.shippingFee),
    sellerDiscount: toCents(p.gmvBreakdown.sellerDiscount),
    platformDiscount: toCents(p.gmvBreakdown.platformDiscount),
    grossSales,
    promos,
    netSales,
    costOfGoods,
    serviceCostOfGoods,
    cogsFromInput: cogs !== null,
    shipping,
    platformFees,
    affiliateCommission,
    charges: [...charges],
    charged,
    totalCosts,
    netProfit,
    margin: margin(netProfit, netSales),
  };
}
