import type { Kysely } from 'kysely';
import {
  AFFILIATE_COMMISSION_PARTS,
  PLATFORM_FEE_PARTS,
  REFUND_DETAIL_PARTS,
  SHIPPING_COST_PARTS,
} from '@/lib/contract/constants';
import type { Order, RefundDetails } from '@/lib/contract';
import { toCents } from '@/lib/profit/money';
import type { Day } from './days';
import { sumsByMonth } from './month-cache';
import type { LineFlags, StoreDatabase } from './schema';

// The parts of the cost groups (shipping, platform fees, affiliate commission), the platform-funded
// discount and the refund breakdown, summed per day from what the store keeps of each order and
// refund day. The rollups keep each group's total only; the parts are summed from the stored
// payloads, each month once until its data changes (lib/store/month-cache: the month's version),
// so a store synced before this read existed needs no migration and no backfill.

/** The parts the orders carry, by group: each part's field in the interface's object. */
export const ORDER_PART_GROUPS = {
  shippingCost: SHIPPING_COST_PARTS,
  platformFees: PLATFORM_FEE_PARTS,
  affiliateCommission: AFFILIATE_COMMISSION_PARTS,
} as const;

export type OrderPartGroup = keyof typeof ORDER_PART_GROUPS;

/** A day's sums of one flag combination: `group.part` → cents (the platform discount as `gmvBreakdown.platformDiscount`). */
export interface PartSums extends LineFlags {
  local_day: string;
  parts: Record<string, number>;
}

/** A day's refund value and each part of its breakdown (cents). */
export interface RefundParts {
  value: number;
  parts: Record<string, number>;
}

function addPart(into: Record<string, number>, key: string, amount: number | undefined): void {
  const cents = toCents(amount ?? 0);
  if (cents !== 0) into[key] = (into[key] ?? 0) + cents;
}

/** The part sums of the orders created on [from, to] (shop-local days), per day and flags. */
export async function partSums(db: Kysely<StoreDatabase>, shopId: string, from: Day, to: Day): Promise<PartSums[]> {
  return sumsByMonth<PartSums>(
    db,
    shopId,
    from,
    to,
    () => 'order-parts',
    (pieces) =>
      Promise.all(
        pieces.map(async (piece) => {
          const rows = await db
            .selectFrom('st_order')
            .select(['local_day', 'cancelled', 'sample', 'estimated', 'payload'])
            .where('shop_id', '=', shopId)
            .where('local_day', '>=', piece.from)
            .where('local_day', '<=', piece.to)
            .execute();
          const byFlags = new Map<string, PartSums>();
          for (const row of rows) {
            const flags = {
              cancelled: Number(row.cancelled),
              sample: Number(row.sample),
              estimated: Number(row.estimated),
            };
            const key = `${row.local_day}${flags.cancelled}${flags.sample}${flags.estimated}`;
            let sums = byFlags.get(key);
            if (!sums) byFlags.set(key, (sums = { local_day: row.local_day, ...flags, parts: {} }));
            for (const p of (JSON.parse(row.payload) as Order).products) {
              addPart(sums.parts, 'gmvBreakdown.platformDiscount', p.gmvBreakdown.platformDiscount);
              for (const [group, parts] of Object.entries(ORDER_PART_GROUPS) as [OrderPartGroup, readonly string[]][])
                for (const part of parts)
                  addPart(sums.parts, `${group}.${part}`, (p[group] as Record<string, number>)[part]);
            }
          }
          return [...byFlags.values()];
        }),
      ),
  );
}

/** The refund days of [from, to]: each day's value and each part of its breakdown (cents). */
export async function refundParts(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
): Promise<Map<string, RefundParts>> {
  const rows = await db
    .selectFrom('st_refund_day')
    .select(['local_day', 'value', 'details'])
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .execute();
  const out = new Map<string, RefundParts>();
  for (const row of rows) {
    let m = out.get(row.local_day);
    if (!m) out.set(row.local_day, (m = { value: 0, parts: {} }));
    m.value += Number(row.value);
    const details = JSON.parse(row.details) as RefundDetails;
    for (const part of REFUND_DETAIL_PARTS) addPart(m.parts, part, details[part]);
  }
  return out;
}
