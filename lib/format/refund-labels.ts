import type { REFUND_DETAIL_PARTS } from '@/lib/contract/constants';

// What a seller reads for each refund category: the chart, its table and the refunds CSV share
// these words, so a column in the file is named as the series on screen.

export type RefundCategory = (typeof REFUND_DETAIL_PARTS)[number];

export const REFUND_LABELS: Readonly<Record<RefundCategory, string>> = {
  grossSalesRefund: 'Gross sales refund',
  sellerDiscountRefund: 'Seller discount refund',
  refundAdministrationFee: 'Refund administration fee',
  returnShippingFee: 'Return shipping fee',
  returnShippingLabelFee: 'Return shipping label fee',
  returnShippingFeePaidBuyer: 'Return shipping paid by buyer',
  returnShippingFeeReimbursement: 'Return shipping reimbursement',
};
