import { REFUND_DETAIL_PARTS } from '@/lib/contract';
import type { RefundDayItem } from '@/lib/api/schemas';
import type { CsvColumn } from '@/lib/csv';
import { REFUND_LABELS } from '@/lib/format/refund-labels';

// The refunds export: one row per shop-calendar day of the range, with the day's breakdown.

export function refundDayColumns(timeZone: string): CsvColumn<RefundDayItem>[] {
  return [
    { header: `Day (${timeZone})`, value: (r) => r.day, kind: 'day' },
    { header: 'Refund cost', value: (r) => r.value, kind: 'money' },
    ...REFUND_DETAIL_PARTS.map((k) => ({
      header: REFUND_LABELS[k],
      value: (r: RefundDayItem) => r.details[k],
      kind: 'money' as const,
    })),
  ];
}
