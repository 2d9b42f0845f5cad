import 'server-only';
import { getOrderStore } from '@/lib/store';
import { findOrders, findSkus, holdsShop } from '@/lib/store/jump';
import { resolveRange, type RangeInput } from '@/lib/time';
import type { ConnectedShop } from './shops';

/** Results of each kind the jump-to lists: enough to pick from, few enough to read. */
const PER_KIND = 6;

/** The jump-to's SKUs and orders of `shop` for `q`, each order told whether it lies in `range`. */
export async function loadJump(shop: ConnectedShop, query: { q: string; range: RangeInput }) {
  const store = await getOrderStore();
  const [stored, skus, orders] = await Promise.all([
    holdsShop(store, shop.id),
    findSkus(store, shop.id, query.q, PER_KIND),
    findOrders(store, shop.id, query.q, PER_KIND),
  ]);
  const { from, to } = resolveRange(query.range, shop.timezone);
  return { stored, skus, orders: orders.map((o) => ({ ...o, inRange: o.day >= from && o.day <= to })) };
}
