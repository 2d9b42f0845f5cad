// The spec's enumerations and field lists, without zod: browser code imports them from here.

export const PLATFORM_FEE_PARTS = [
  'referralFeeAndTax',
  'cofundedPromotionServiceFee',
  'sellerSelfShippingServiceFee',
  'smartPromotionFeeAndTax',
  'campaignServiceFee',
  'campaignResourceFee',
  'managedServicePlanFee',
  'cofundedPromotionCampaignPeriodFee',
  'smartPromotionCampaignPeriodFee',
  'transactionFee',
  'otherFeeAndTax',
] as const;

export const AFFILIATE_COMMISSION_PARTS = [
  'shopAdsCommission',
  'partnerCommission',
  'commission',
  'cofundedCreatorBonus',
  'deposit',
  'refund',
  'partnerShopAdsCommission',
] as const;

export const SHIPPING_COST_PARTS = ['sellerShipping', 'platformShipping', 'fbt'] as const;

export const REFUND_DETAIL_PARTS = [
  'grossSalesRefund',
  'sellerDiscountRefund',
  'refundAdministrationFee',
  'returnShippingFee',
  'returnShippingLabelFee',
  'returnShippingFeePaidBuyer',
  'returnShippingFeeReimbursement',
] as const;

export const ORDER_TYPES = ['SETTLED', 'UNSETTLED', 'DRAFT'] as const;

export const SAMPLE_ORDER_VALUES = ['YES', 'NO'] as const;

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;

/** The spec names COMPLETED and CANCELLED; the full list is not shown, so any string is accepted. */
export const KNOWN_ORDER_STATUSES = [
  'UNPAID',
  'AWAITING_SHIPMENT',
  'AWAITING_COLLECTION',
  'IN_TRANSIT',
  'DELIVERED',
  'COMPLETED',
  'CANCELLED',
] as const;
