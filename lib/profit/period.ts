import type { Order, RefundDay } from '@/lib/contract';
import { toCents, type Cents } from './money';
import { addInto, emptySums, orderProfit, withMargin, type ProfitTotals } from './totals';

// Period figures (DESIGN.md): cancelled orders are left out of profit totals by default; sample
// orders are a separate marketing cost line by default; both are switches the user can flip.
// Net profit after refunds = Σ order net profit + Σ refund-day value (negative), refunds being
// daily totals that are never attributed to SKUs.

export interface ProfitSwitches {
  includeCancelled: boolean;
  /** true: sample orders count as ordinary orders; false: their P&L is the "samples" cost line. */
  includeSamples: boolean;
}

export const DEFAULT_SWITCHES: ProfitSwitches = { includeCancelled: false, includeSamples: false };

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

export interface PeriodTotals {
  orders: number;
  sampleOrders: number;
  excludedOrders: number;
  /** P&L of the counted orders. */
  profit: ProfitTotals;
  /** Net profit of sample orders shown as a marketing cost (0 when samples are counted). */
  sampleCost: Cents;
  /** Σ refund-day value (≤ 0). */
  refunds: Cents;
  /** profit.netProfit + sampleCost + refunds. */
  netProfitAfterRefunds: Cents;
  /** Net profit of counted orders that are not settled yet (estimated). */
  estimatedNetProfit: Cents;
}

export function refundTotal(days: Iterable<Pick<RefundDay, 'value'>>): Cents {
  let total = 0;
  for (const d of days) total += toCents(d.value);
  return total;
}

export function periodTotals(
  orders: Iterable<Order>,
  refundDays: Iterable<Pick<RefundDay, 'value'>>,
  switches: ProfitSwitches = DEFAULT_SWITCHES,
): PeriodTotals {
  const counted = emptySums();
  let sampleCost = 0;
  let estimatedNetProfit = 0;
  let n = 0;
  let samples = 0;
  let excluded = 0;
  for (const order of orders) {
    const cls = classifyOrder(order, switches);
    if (cls === 'excluded') {
      excluded++;
      continue;
    }
    const p = orderProfit(order);
    if (cls === 'sample') {
      samples++;
      sampleCost += p.totals.netProfit;
      continue;
    }
    n++;
    addInto(counted, p.totals);
    if (p.estimated) estimatedNetProfit += p.totals.netProfit;
  }
  const refunds = refundTotal(refundDays);
  return {
    orders: n,
    sampleOrders: samples,
    excludedOrders: excluded,
    profit: withMargin(counted),
    sampleCost,
    refunds,
    netProfitAfterRefunds: counted.netProfit + sampleCost + refunds,
    estimatedNetProfit,
  };
}
