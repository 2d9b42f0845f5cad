import type { Order } from '@/lib/contract';

// Words for the interface's codes, the same on every page and in every export (which keep the code
// in a column of its own): order statuses, settlement, sample orders, and the parts of each cost.

/** "AWAITING_SHIPMENT" → "Awaiting shipment". */
export function statusLabel(status: string): string {
  const words = status.toLowerCase().replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Whether an order's figures are final: settled, or estimated until it settles (draft orders too).
 * Its hint names fees only to a person who sees them (`seesProfit`).
 */
export function settlementLabel(
  order: Pick<Order, 'orderType'>,
  seesProfit = true,
): { label: string; estimated: boolean; hint: string } {
  if (order.orderType === 'SETTLED') return { label: 'Settled', estimated: false, hint: 'Final figures' };
  const hint = `Not settled yet: ${seesProfit ? 'fees' : 'figures'} may still change at settlement`;
  return {
    label: order.orderType === 'DRAFT' ? 'Estimated (draft order)' : 'Estimated',
    estimated: true,
    hint: order.orderType === 'DRAFT' ? `A draft order, ${hint.charAt(0).toLowerCase()}${hint.slice(1)}` : hint,
  };
}

/** "YES" → "Yes". */
export function yesNo(code: string): string {
  return code === 'YES' ? 'Yes' : code === 'NO' ? 'No' : code;
}

const PART_LABELS: Record<string, string> = {
  productSales: 'Product sales',
  shippingFee: 'Shipping fee paid by buyer',
  sellerDiscount: 'Seller discount',
  platformDiscount: 'Platform discount',
  sellerShipping: 'Seller shipping',
  platformShipping: 'Platform shipping',
  fbt: 'Fulfilled by platform (FBT)',
  referralFeeAndTax: 'Referral fee and tax',
  cofundedPromotionServiceFee: 'Co-funded promotion service fee',
  sellerSelfShippingServiceFee: 'Seller self-shipping service fee',
  smartPromotionFeeAndTax: 'Smart promotion fee and tax',
  campaignServiceFee: 'Campaign service fee',
  campaignResourceFee: 'Campaign resource fee',
  managedServicePlanFee: 'Managed service plan fee',
  cofundedPromotionCampaignPeriodFee: 'Co-funded promotion campaign period fee',
  smartPromotionCampaignPeriodFee: 'Smart promotion campaign period fee',
  transactionFee: 'Transaction fee',
  otherFeeAndTax: 'Other fees and tax',
  shopAdsCommission: 'Shop ads commission',
  partnerCommission: 'Partner commission',
  commission: 'Creator commission',
  cofundedCreatorBonus: 'Co-funded creator bonus',
  deposit: 'Deposit',
  refund: 'Commission refund',
  partnerShopAdsCommission: 'Partner shop ads commission',
};

/** A cost part's field ("sellerShipping") in words ("Seller shipping"). */
export function partLabel(key: string): string {
  return PART_LABELS[key] ?? key;
}
