import { COST_GROUPS } from '@/lib/profit';
import type { ReportSums } from './sums';

// The loss finder: SKUs that lose money, each with the cost group that hurts most, so a seller
// knows whether to renegotiate cost of goods, change shipping, or stop a promotion.

const LOSS_GROUPS = [...COST_GROUPS, 'promos'] as const;
export type LossGroup = (typeof LOSS_GROUPS)[number];

export const LOSS_GROUP_LABELS: Record<LossGroup, string> = {
  costOfGoods: 'Cost of goods',
  shipping: 'Shipping',
  platformFees: 'Platform fees',
  affiliateCommission: 'Affiliate commission',
  promos: 'Promos',
};

export interface LossRow {
  skuId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  netSales: number;
  netProfit: number;
  margin: number | null;
  /** The most negative of the cost groups (and promos). */
  worstGroup: LossGroup;
  worstGroupCents: number;
  /** |worst group| / gross sales: how much of each sale it takes; null without gross sales. */
  worstGroupShare: number | null;
}

type LossInput = ReportSums & {
  skuId: string;
  productName: string;
  skuName: string;
  sellerSku: string;
  margin: number | null;
};

/** SKUs with a negative margin (or a loss without sales), worst first. */
export function findLosses(rows: readonly LossInput[]): LossRow[] {
  return rows
    .filter((r) => (r.margin !== null ? r.margin < 0 : r.netProfit < 0))
    .map((r) => {
      let worstGroup: LossGroup = LOSS_GROUPS[0];
      for (const g of LOSS_GROUPS) if (r[g] < r[worstGroup]) worstGroup = g;
      return {
        skuId: r.skuId,
        productName: r.productName,
        skuName: r.skuName,
        sellerSku: r.sellerSku,
        netSales: r.netSales,
        netProfit: r.netProfit,
        margin: r.margin,
        worstGroup,
        worstGroupCents: r[worstGroup],
        worstGroupShare: r.grossSales === 0 ? null : Math.abs(r[worstGroup]) / r.grossSales,
      };
    })
    .sort((a, b) => a.netProfit - b.netProfit || (a.skuId < b.skuId ? -1 : 1));
}
