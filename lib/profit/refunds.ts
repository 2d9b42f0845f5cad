import type { RefundDetails } from '@/lib/contract';
import { REFUND_DETAIL_PARTS } from '@/lib/contract/constants';
import { toCents, type Cents } from './money';

// A refund day's value counts the parts of its breakdown a person sees: every part (the service's
// own value), or, without costs and profit, the parts that are not fees (lib/team/figures decides
// which). A total is then the sum of what its reader sees, so no figure carries a hidden fee.

export type RefundPart = (typeof REFUND_DETAIL_PARTS)[number];

/** Whether `parts` is the whole breakdown (the service's value counts as it is). */
export function allRefundParts(parts: readonly RefundPart[]): boolean {
  return REFUND_DETAIL_PARTS.every((part) => parts.includes(part));
}

/** The day's refund value in cents over `parts` of its breakdown. */
export function refundValueCents(day: { value: number; details: RefundDetails }, parts: readonly RefundPart[]): Cents {
  if (allRefundParts(parts)) return toCents(day.value);
  return parts.reduce((sum, part) => sum + toCents(day.details[part]), 0);
}
