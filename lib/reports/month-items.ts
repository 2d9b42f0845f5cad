import { cogsSegments } from '@/lib/costs/cogs';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { REFUND_LABELS } from '@/lib/format/refund-labels';
import type { ProfitSwitches } from '@/lib/profit';
import type { BookItem } from '@/lib/store/books';
import { orderParts, orderSums } from '@/lib/store/order-items';
import { refundParts, ORDER_PART_GROUPS, type OrderPartGroup } from '@/lib/store/part-sums';
import { skuInfo } from '@/lib/store/reads';
import { recostByOrder, type RecostRow } from '@/lib/store/recost';
import { lastDayOfMonth } from '@/lib/time';
import { placeCosts } from './cost-lines';
import type { PeriodDeps, ShopZone } from './period';
import { cogsRuleOf } from './sku-report';
import { classOf } from './sums';

// A month's itemised figures (docs/ARCHITECTURE.md#pl-by-month): source × P&L line → cents, adding
// up to its statement line by line. What a close keeps (lib/reports/month-close) and what the
// adjustments to closed periods compare against.

/** Items in one order: by source, then line key. */
export const byItem = (a: BookItem, b: BookItem) =>
  a.source < b.source ? -1 : a.source > b.source ? 1 : a.lineKey < b.lineKey ? -1 : a.lineKey > b.lineKey ? 1 : 0;

/**
 * A closed month's itemised figures under `basis`: for each order of the month (its lines' sales,
 * promos, cost of goods — re-costed by date from the seller's COGS when `inputs` are given —, each
 * part of its shipping, fees and affiliate commission and the group's unsplit rest, samples (with their
 * cost of goods apart), the
 * kinds charged per unit or order line, the platform discount memo), each refund day (refunds and
 * their parts), and each day of the seller's whole-shop inputs (ad spend, expenses). Every line of
 * the month's statement but its totals is the sum of its items (a property test holds it).
 */
export async function monthItems(
  deps: PeriodDeps,
  shop: ShopZone,
  month: string,
  switches: ProfitSwitches,
  inputs: ShopCostInputs | null,
  /** The last day counted (the month's last by default; today while it runs, as its statement). */
  until?: string,
): Promise<BookItem[]> {
  const db = deps.store.db;
  const from = `${month}-01`;
  const last = lastDayOfMonth(month);
  const to = until !== undefined && until < last ? until : last;
  const info = await skuInfo(db, shop.id);
  const rule = cogsRuleOf(inputs, info);
  const [orders, parts, refunds, cogs, charges] = await Promise.all([
    orderSums(db, shop.id, from, to),
    orderParts(db, shop.id, from, to),
    refundParts(db, shop.id, from, to),
    rule && rule.schedule.size > 0
      ? recostByOrder(db, shop.id, cogsSegments(rule.schedule, rule.prices), from, to)
      : Promise.resolve([]),
    Promise.all(
      (rule?.charges ?? []).map(async (k) => ({
        id: k.id,
        rows: await recostByOrder(db, shop.id, k.segments, from, to),
      })),
    ),
  ]);
  const items = new Map<string, BookItem>();
  const add = (source: string, lineKey: string, cents: number) => {
    if (cents === 0) return;
    const key = `${source}\u0000${lineKey}`;
    const item = items.get(key);
    if (item) item.cents += cents;
    else items.set(key, { source, lineKey, cents });
  };
  const flagKey = (r: { key: string; cancelled: number; sample: number; estimated: number }) =>
    `${r.key}\u0000${r.cancelled}${r.sample}${r.estimated}`;
  const index = (rows: readonly RecostRow[]) => new Map(rows.map((r) => [flagKey(r), r]));
  const cogsOf = index(cogs);
  const chargesOf = charges.map((c) => ({ id: c.id, rows: index(c.rows) }));
  const countedOrders = new Set<string>();
  for (const o of orders) {
    const source = `order:${o.order_id}`;
    const cls = classOf(o, switches);
    const k = flagKey({ key: o.order_id, ...o });
    const delta = cogsOf.get(k)?.delta ?? 0;
    if (cls === 'sample') {
      add(source, 'samples', o.net_profit + delta);
      add(source, 'samples.cogs', o.cost_of_goods + delta);
      add(source, 'samples.marketplace', o.net_profit - o.cost_of_goods);
    }
    if (cls !== 'counted') continue;
    countedOrders.add(o.order_id);
    add(source, 'sales.gross', o.gross_sales);
    add(source, 'promos.seller', o.promos);
    add(source, 'cogs', o.cost_of_goods + delta);
    const totals: Record<OrderPartGroup, number> = {
      shippingCost: o.shipping,
      platformFees: o.platform_fees,
      affiliateCommission: o.affiliate_commission,
    };
    // A group's total, and its unsplit rest starts from it (its parts are taken off below).
    for (const [group, key] of GROUP_KEYS) {
      add(source, key, totals[group]);
      add(source, `${key}.unsplit`, totals[group]);
    }
    for (const c of chargesOf) add(source, `yours.charged:${c.id}`, -(c.rows.get(k)?.charge ?? 0));
  }
  // An order's parts are counted once, whatever rows its lines were grouped into.
  for (const id of countedOrders) {
    const source = `order:${id}`;
    const p = parts.get(id) ?? {};
    add(source, 'promos.platform', p['gmvBreakdown.platformDiscount'] ?? 0);
    for (const [group, key] of GROUP_KEYS) {
      let split = 0;
      for (const part of ORDER_PART_GROUPS[group]) {
        const cents = p[`${group}.${part}`] ?? 0;
        split += cents;
        add(source, `${key}.${part}`, cents);
      }
      add(source, `${key}.unsplit`, -split);
    }
  }
  for (const [day, r] of refunds) {
    const source = `refund-day:${day}`;
    add(source, 'refunds', r.value);
    let split = 0;
    for (const part of Object.keys(REFUND_LABELS)) {
      const cents = r.parts[part] ?? 0;
      split += cents;
      add(source, `refunds.${part}`, cents);
    }
    add(source, 'refunds.unsplit', r.value - split);
  }
  if (inputs) {
    const placement = placeCosts({
      inputs,
      from,
      to,
      netSales: new Map(),
      productOf: new Map([...info].map(([sku, i]) => [sku, i.productId])),
      allocate: false,
    });
    for (const [day, cents] of placement.inSkusByDay) add(`adSpend:${day}`, 'yours.skuAdSpend', cents);
    for (const [day, cents] of placement.shopAdSpendByDay) add(`adSpend:${day}`, 'yours.shopAdSpend', cents);
    for (const [day, cents] of placement.expensesByDay) add(`expenses:${day}`, 'yours.expenses', cents);
  }
  return [...items.values()].filter((i) => i.cents !== 0).sort(byItem);
}

const GROUP_KEYS: readonly [OrderPartGroup, string][] = [
  ['shippingCost', 'shipping'],
  ['platformFees', 'fees'],
  ['affiliateCommission', 'affiliate'],
];

/** Σ items per line key. */
export function sumByLine(items: readonly BookItem[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of items) out.set(i.lineKey, (out.get(i.lineKey) ?? 0) + i.cents);
  return out;
}
