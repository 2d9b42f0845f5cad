import type { Order } from '@/lib/contract';
import { toCents, type SellerLineCosts } from '@/lib/profit';
import { shopLocalDate } from '@/lib/time';
import { orderCharges } from './charges';
import type { KindRates } from './kinds';
import { cogsSchedule, recostedCogs, unitCostOn } from './cogs';
import type { CogsEntry } from './types';

// The seller's costs of order lines, where orders are shown one by one (the orders table, an
// order's P&L, its explanation, the orders export, the "An order loses money" alert): the dated
// COGS (./cogs) and the charged kinds (./charges, per unit and once per order), the same rules as
// the reports, keyed by the order's shop-local day (docs/ARCHITECTURE.md#your-costs).

/**
 * What an orders page needs to re-cost its lines: the COGS entries, the catalog prices (cents) and
 * the charged kinds with entries (their P&L words and rates). Sent under the orders answer's `cogs`
 * key, so the route's redaction hides all of it from a person without costs and profit.
 */
export interface OrderCogsData {
  entries: CogsEntry[];
  prices: Record<string, number>;
  charges: OrderChargedKind[];
}

/** A charged kind as the orders answer carries it (./charges KindRates, its id as text). */
type OrderChargedKind = Omit<KindRates, 'id'> & { id: string };

/** Per order, its lines' seller's costs (lib/profit orderProfit); undefined when the seller has set none. */
export function orderCogs(
  data: OrderCogsData | null | undefined,
  timeZone: string,
): ((order: Order) => SellerLineCosts) | undefined {
  if (!data || (data.entries.length === 0 && data.charges.length === 0)) return undefined;
  const schedule = cogsSchedule(data.entries);
  const charge = orderCharges(data.charges, data.prices);
  return (order) => {
    const day = shopLocalDate(order.createTime, timeZone);
    const lines = order.products.map((p) => ({ skuId: p.skuId, grossCents: toCents(p.grossSales) }));
    const charged = charge(lines, day);
    return {
      cogs: lines.map((l) =>
        recostedCogs(l.grossCents, data.prices[l.skuId] ?? null, unitCostOn(schedule, l.skuId, day)),
      ),
      charges: charged.map((line) =>
        line.map((cents, k) => ({
          id: data.charges[k]!.id,
          label: data.charges[k]!.label,
          cents: cents === 0 ? 0 : -cents,
        })),
      ),
    };
  };
}
