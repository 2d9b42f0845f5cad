import { sql, type Kysely } from 'kysely';
import type { Order } from '@/lib/contract';
import { chunks } from '@/lib/db/chunks';
import { toCents } from '@/lib/profit/money';
import type { Day } from './days';
import { ORDER_PART_GROUPS, type OrderPartGroup } from './part-sums';
import type { LineFlags, StoreDatabase } from './schema';

// Each order's figures over a range of shop-local days, read from its stored lines and payload: what
// a closed month's itemised figures are made of (lib/reports/month-close). The reports read rollups;
// these reads are per order, so a change found later can name the order it comes from.

/** One order's lines summed, with its flags (cents). */
export interface OrderSums extends LineFlags {
  order_id: string;
  local_day: string;
  gross_sales: number;
  promos: number;
  net_sales: number;
  cost_of_goods: number;
  shipping: number;
  platform_fees: number;
  affiliate_commission: number;
  net_profit: number;
}

const MONEY = [
  'gross_sales',
  'promos',
  'net_sales',
  'cost_of_goods',
  'shipping',
  'platform_fees',
  'affiliate_commission',
  'net_profit',
] as const;

/** The orders of [from, to] with their lines summed per flags. */
export async function orderSums(db: Kysely<StoreDatabase>, shopId: string, from: Day, to: Day): Promise<OrderSums[]> {
  const sums = MONEY.map((c) => sql`cast(sum(${sql.ref(c)}) as bigint) as ${sql.ref(c)}`);
  const result = await sql<Record<string, string | number>>`
    SELECT order_id, local_day, cancelled, sample, estimated, ${sql.join(sums)}
    FROM st_line WHERE shop_id = ${shopId} AND local_day >= ${from} AND local_day <= ${to}
    GROUP BY order_id, local_day, cancelled, sample, estimated`.execute(db);
  return result.rows.map((r) => {
    const row = {
      order_id: String(r.order_id),
      local_day: String(r.local_day),
      cancelled: Number(r.cancelled),
      sample: Number(r.sample),
      estimated: Number(r.estimated),
    } as OrderSums;
    for (const c of MONEY) row[c] = Number(r[c] ?? 0);
    return row;
  });
}

/** Each order's parts of [from, to]: `group.part` → cents (the platform discount as `gmvBreakdown.platformDiscount`), as lib/store/part-sums sums them. */
export async function orderParts(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
): Promise<Map<string, Record<string, number>>> {
  const rows = await db
    .selectFrom('st_order')
    .select(['order_id', 'payload'])
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .execute();
  const out = new Map<string, Record<string, number>>();
  const add = (into: Record<string, number>, key: string, amount: number | undefined) => {
    const cents = toCents(amount ?? 0);
    if (cents !== 0) into[key] = (into[key] ?? 0) + cents;
  };
  for (const row of rows) {
    const parts: Record<string, number> = {};
    for (const p of (JSON.parse(row.payload) as Order).products) {
      add(parts, 'gmvBreakdown.platformDiscount', p.gmvBreakdown.platformDiscount);
      for (const [group, names] of Object.entries(ORDER_PART_GROUPS) as [OrderPartGroup, readonly string[]][])
        for (const part of names) add(parts, `${group}.${part}`, (p[group] as Record<string, number>)[part]);
    }
    out.set(row.order_id, parts);
  }
  return out;
}

/** The seller SKUs (else SKU names, else ids) of each order's lines, for naming an order in words. */
export async function orderSkus(
  db: Kysely<StoreDatabase>,
  shopId: string,
  orderIds: readonly string[],
): Promise<Map<string, { skuId: string; sellerSku: string; skuName: string }[]>> {
  const out = new Map<string, { skuId: string; sellerSku: string; skuName: string }[]>();
  for (const chunk of chunks([...new Set(orderIds)], 500)) {
    const rows = await db
      .selectFrom('st_line')
      .select(['order_id', 'sku_id', 'seller_sku', 'sku_name'])
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', chunk)
      .orderBy('order_id')
      .orderBy('line_index')
      .execute();
    for (const r of rows) {
      const list = out.get(r.order_id) ?? [];
      if (!list.some((s) => s.skuId === r.sku_id))
        list.push({ skuId: r.sku_id, sellerSku: r.seller_sku, skuName: r.sku_name });
      out.set(r.order_id, list);
    }
  }
  return out;
}

/** The shop-local day each order was created on (orders no longer stored are left out). */
export async function orderDays(
  db: Kysely<StoreDatabase>,
  shopId: string,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const chunk of chunks([...new Set(orderIds)], 500)) {
    const rows = await db
      .selectFrom('st_order')
      .select(['order_id', 'local_day'])
      .where('shop_id', '=', shopId)
      .where('order_id', 'in', chunk)
      .execute();
    for (const r of rows) out.set(r.order_id, r.local_day);
  }
  return out;
}

/**
 * The orders of [from, to] not settled yet (UNSETTLED or DRAFT) that a statement counts (cancelled
 * ones only when it counts them), and the day of the latest of them.
 */
export async function openOrders(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
  includeCancelled: boolean,
): Promise<{ count: number; lastDay: string | null }> {
  const row = await db
    .selectFrom('st_order')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('local_day').as('last')])
    .where('shop_id', '=', shopId)
    .where('local_day', '>=', from)
    .where('local_day', '<=', to)
    .where('order_type', 'in', ['UNSETTLED', 'DRAFT'])
    .$if(!includeCancelled, (qb) => qb.where('cancelled', '=', 0))
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  return { count, lastDay: count > 0 && row?.last ? String(row.last) : null };
}
