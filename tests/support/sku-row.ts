import type { SkuProfitRow } from '@/lib/reports/sku-report';

/**
 * One SKU report row for component tests: a mug of 3 lines with every figure of the P&L set
 * (net sales 29.00, total costs −15.00, net profit 14.00, cents), the service's cost of goods and
 * none of the seller's costs; `changes` override fields.
 */
export function skuRow(changes: Partial<SkuProfitRow> = {}): SkuProfitRow {
  return {
    skuId: 'k1',
    productId: 'p1',
    productName: 'Mug',
    skuName: 'Blue',
    sellerSku: 'MUG-BLUE-US',
    lines: 3,
    gmv: 3000,
    grossSales: 3000,
    promos: -100,
    netSales: 2900,
    costOfGoods: -900,
    shipping: -300,
    platformFees: -200,
    affiliateCommission: -100,
    totalCosts: -1500,
    netProfit: 1400,
    estimatedNetSales: 0,
    estimatedUnits: 3,
    margin: 0.48,
    profitShare: 1,
    estimatedShare: null,
    serviceCostOfGoods: -900,
    recostedLines: 0,
    cogsSource: 'service',
    adSpend: 0,
    allocatedCosts: 0,
    chargedCosts: {},
    ...changes,
  };
}
