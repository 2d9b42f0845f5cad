import type { RefundDayItem } from '@/lib/api/schemas';
import type { CsvColumn } from '@/lib/csv';
import { allRefundParts, type RefundPart } from '@/lib/profit/refunds';
import { REFUND_LABELS, SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';

// The refunds export: one row per shop-calendar day of the range, with the day's breakdown over
// the parts its reader sees (the day's value is their sum: lib/profit/refunds).

export function refundDayColumns(timeZone: string, parts: readonly RefundPart[]): CsvColumn<RefundDayItem>[] {
  return [
    { header: `Day (${timeZone})`, value: (r) => r.day, kind: 'day' },
    { header: allRefundParts(parts) ? 'Refund cost' : SALES_REFUNDS_LABEL, value: (r) => r.value, kind: 'money' },
    ...parts.map((k) => ({
      header: REFUND_LABELS[k],
      value: (r: RefundDayItem) => r.details[k],
      kind: 'money' as const,
    })),
  ];
}
