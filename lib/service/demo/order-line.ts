import type { OrderProduct } from '@/lib/contract';
import type { CatalogProduct, CatalogSku } from './catalog';
import { costOf, percentOf, sum, toAmount } from './money';
import { chance, intBetween, type Rng } from './prng';

// One order line's profit and loss, computed in cents (see README.md "Money invariants"):
// productSales = grossSales = price × quantity; promos = sellerDiscount ≤ 0;
// gmv = productSales + shippingFee + sellerDiscount; platformDiscount is a platform-funded memo;
// costOfGoods = −cogs × quantity; every group total is the sum of its parts; every cost ≤ 0.

export interface LineContext {
  sample: boolean;
  /** Sample orders are often free; otherwise they carry a deep seller discount. */
  freeSample: boolean;
  fulfilledByPlatform: boolean;
  platformLabel: boolean;
  /** Buyer-paid shipping, charged on the order's first line. */
  shippingFeeCents: number;
  referralPercent: number;
  affiliatePercent: number;
}

export function buildLine(rng: Rng, product: CatalogProduct, sku: CatalogSku, ctx: LineContext): OrderProduct {
  const quantity = chance(rng, 0.82) ? 1 : chance(rng, 0.75) ? 2 : 3;
  const unitPrice = ctx.sample && ctx.freeSample ? 0 : sku.priceCents;
  const productSales = unitPrice * quantity;

  let sellerDiscount = 0;
  if (ctx.sample && !ctx.freeSample) sellerDiscount = -percentOf(productSales, 90);
  else if (chance(rng, 0.25)) sellerDiscount = -percentOf(productSales, intBetween(rng, 5, 20));
  const platformDiscount = !ctx.sample && chance(rng, 0.15) ? -percentOf(productSales, intBetween(rng, 5, 15)) : 0;
  const netSales = productSales + sellerDiscount;
  const gmv = productSales + ctx.shippingFeeCents + sellerDiscount;

  const shipping = sku.shippingCents * quantity;
  const fbt = ctx.fulfilledByPlatform ? costOf(shipping) : 0;
  const platformShipping = !ctx.fulfilledByPlatform && ctx.platformLabel ? costOf(shipping) : 0;
  const sellerShipping = !ctx.fulfilledByPlatform && !ctx.platformLabel ? costOf(shipping) : 0;

  const fees = {
    referralFeeAndTax: costOf(Math.round((netSales * ctx.referralPercent) / 100)),
    cofundedPromotionServiceFee: platformDiscount < 0 ? costOf(percentOf(-platformDiscount, 10)) : 0,
    sellerSelfShippingServiceFee: sellerShipping < 0 && chance(rng, 0.3) ? costOf(intBetween(rng, 10, 40)) : 0,
    smartPromotionFeeAndTax: chance(rng, 0.05) ? costOf(percentOf(netSales, 2)) : 0,
    campaignServiceFee: chance(rng, 0.1) ? costOf(percentOf(netSales, 3)) : 0,
    campaignResourceFee: chance(rng, 0.02) ? costOf(percentOf(netSales, 1)) : 0,
    managedServicePlanFee: 0,
    cofundedPromotionCampaignPeriodFee: 0,
    smartPromotionCampaignPeriodFee: 0,
    transactionFee: costOf(percentOf(gmv, 1.2)),
    otherFeeAndTax: chance(rng, 0.01) ? costOf(intBetween(rng, 10, 50)) : 0,
  };

  const commission = {
    shopAdsCommission: ctx.affiliatePercent > 0 && chance(rng, 0.2) ? costOf(percentOf(netSales, 5)) : 0,
    partnerCommission: ctx.affiliatePercent > 0 && chance(rng, 0.1) ? costOf(percentOf(netSales, 2)) : 0,
    commission: costOf(percentOf(netSales, ctx.affiliatePercent)),
    cofundedCreatorBonus: 0,
    deposit: 0,
    refund: 0,
    partnerShopAdsCommission: 0,
  };

  return {
    productId: product.product.productId,
    name: product.product.name,
    skuId: sku.id,
    skuName: sku.skuName,
    sellerSku: sku.sellerSku,
    icon: product.product.icon,
    gmv: toAmount(gmv),
    gmvBreakdown: {
      productSales: toAmount(productSales),
      shippingFee: toAmount(ctx.shippingFeeCents),
      sellerDiscount: toAmount(sellerDiscount),
      platformDiscount: toAmount(platformDiscount),
    },
    grossSales: toAmount(productSales),
    promos: toAmount(sellerDiscount),
    costOfGoods: toAmount(costOf(sku.cogsCents * quantity)),
    shippingCost: {
      total: toAmount(sellerShipping + platformShipping + fbt),
      sellerShipping: toAmount(sellerShipping),
      platformShipping: toAmount(platformShipping),
      fbt: toAmount(fbt),
    },
    platformFees: { total: toAmount(sum(Object.values(fees))), ...mapAmounts(fees) },
    affiliateCommission: { total: toAmount(sum(Object.values(commission))), ...mapAmounts(commission) },
  };
}

function mapAmounts<K extends string>(cents: Record<K, number>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of Object.keys(cents) as K[]) out[key] = toAmount(cents[key]);
  return out;
}
