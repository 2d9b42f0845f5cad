import type { Order } from '@/lib/contract';

// Which orders a period's figures count (docs/ARCHITECTURE.md#profit): cancelled orders are left
// out by default; sample orders are a separate marketing cost line by default; both are switches
// the user can flip. Reports apply this rule through classifyOrder, never through a copy of it.

export interface ProfitSwitches {
  includeCancelled: boolean;
  /** true: sample orders count as ordinary orders; false: their P&L is the "samples" cost line. */
  includeSamples: boolean;
}

export const DEFAULT_SWITCHES: ProfitSwitches = { includeCancelled: false, includeSamples: false };

/** The switches' values in a URL and the API's query: `cancelled=exclude|include`, `samples=separate|include`. */
export const CANCELLED_CHOICES = ['exclude', 'include'] as const;
export const SAMPLES_CHOICES = ['separate', 'include'] as const;

export type OrderClass = 'counted' | 'sample' | 'excluded';

/** Where an order's P&L goes under the given switches. */
export function classifyOrder(
  order: Pick<Order, 'status' | 'sampleOrder'>,
  switches: ProfitSwitches = DEFAULT_SWITCHES,
): OrderClass {
  if (!switches.includeCancelled && order.status.toUpperCase() === 'CANCELLED') return 'excluded';
  if (!switches.includeSamples && order.sampleOrder === 'YES') return 'sample';
  return 'counted';
}
