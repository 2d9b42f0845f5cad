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

/**
 * What a refund total is called when it counts only the sales parts (a person without costs and
 * profit: gross sales and seller discount refunds, no fee). The words name what it holds, and
 * none of them names a fee, so the export's column is theirs to see.
 */
export const SALES_REFUNDS_LABEL = 'Refunded sales and discounts';
