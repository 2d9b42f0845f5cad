// The SKU report's sort keys, without zod, so browser code can import them and stay small.

export const SKU_SORT_KEYS = [
  'productName',
  'sellerSku',
  'lines',
  'estimatedUnits',
  'grossSales',
  'promos',
  'netSales',
  'costOfGoods',
  'shipping',
  'platformFees',
  'affiliateCommission',
  'adSpend',
  'allocatedCosts',
  'netProfit',
  'margin',
  'profitShare',
] as const;
export type SkuSortKey = (typeof SKU_SORT_KEYS)[number];
