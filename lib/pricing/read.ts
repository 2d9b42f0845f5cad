import type { Kysely } from 'kysely';
import type { Order } from '@/lib/contract';
import { cogsSchedule, recostedCogs, unitCostOn } from '@/lib/costs/cogs';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { toCents } from '@/lib/profit/money';
import type { StoreDatabase } from '@/lib/store/schema';
import type { DayRange } from '@/lib/time';
import { pricingLineOf, type PricingLine } from './line';

// The lookback's counted lines (cancelled and sample orders left out, as the SKU report counts by
// default) from the stored orders' payloads: the parts of each fee are only in the payload.
// With the seller's costs, a line's cost of goods is re-costed by the one dated COGS rule.

export async function readPricingLines(
  db: Kysely<StoreDatabase>,
  shopId: string,
  range: DayRange,
  prices: ReadonlyMap<string, number | null>,
  costs: ShopCostInputs | null,
): Promise<PricingLine[]> {
  const rows = await db
    .selectFrom('st_order')
    .select(['order_id', 'local_day', 'estimated', 'payload'])
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', range.from)
    .where('local_day', '<=', range.to)
    .where('cancelled', '=', 0)
    .where('sample', '=', 0)
    .orderBy('order_id')
    .execute();
  const schedule = costs ? cogsSchedule(costs.cogs) : null;
  const out: PricingLine[] = [];
  for (const row of rows) {
    const order = JSON.parse(row.payload) as Order;
    for (const [lineIndex, p] of order.products.entries()) {
      const price = prices.get(p.skuId) ?? null;
      const unit = schedule ? unitCostOn(schedule, p.skuId, row.local_day) : null;
      const recosted = recostedCogs(toCents(p.grossSales), price, unit);
      out.push(
        pricingLineOf(
          { orderId: row.order_id, lineIndex, day: row.local_day, estimated: Number(row.estimated) === 1 },
          p,
          recosted === null ? null : { cents: recosted, fromInput: true },
          price,
        ),
      );
    }
  }
  return out;
}
