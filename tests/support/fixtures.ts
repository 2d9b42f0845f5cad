import type { Order, OrderProduct, Product } from '@/lib/contract';
import { AFFILIATE_COMMISSION_PARTS, PLATFORM_FEE_PARTS } from '@/lib/contract';

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/** A product line with consistent money; override any field. */
export function orderProduct(overrides: Partial<OrderProduct> = {}): OrderProduct {
  return {
    productId: 'p-1',
    name: 'Ceramic mug',
    skuId: 'sku-1',
    skuName: 'Blue',
    sellerSku: 'MUG-BLUE',
    icon: null,
    gmv: 21.5,
    gmvBreakdown: { productSales: 20, shippingFee: 3.5, sellerDiscount: -2, platformDiscount: -1 },
    grossSales: 20,
    promos: -2,
    costOfGoods: -6.1,
    shippingCost: { total: -3.2, sellerShipping: -3.2, platformShipping: 0, fbt: 0 },
    platformFees: { ...zeros(PLATFORM_FEE_PARTS), total: -1.6, referralFeeAndTax: -1.3, transactionFee: -0.3 },
    affiliateCommission: { ...zeros(AFFILIATE_COMMISSION_PARTS), total: -0.9, commission: -0.9 },
    ...overrides,
  };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    orderNumber: '5760001',
    createTime: 1_760_000_000,
    paidTime: 1_760_000_100,
    cancelTime: null,
    status: 'COMPLETED',
    orderType: 'SETTLED',
    sampleOrder: 'NO',
    shippingType: 'PLATFORM',
    fulfillmentType: 'SELLER',
    products: [orderProduct()],
    ...overrides,
  };
}

/** A catalog product, active and without a picture: `p<n>`, `prod-<n>`, named `name`, with its SKUs. */
export function catalogProduct(n: number, name: string, skus: Product['skus']): Product {
  return { id: `p${n}`, productId: `prod-${n}`, name, icon: null, status: 'ACTIVATE', skus };
}
