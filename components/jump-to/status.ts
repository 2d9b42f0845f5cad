import type { ConnectedShop } from '@/lib/api/schemas';
import type { JumpAnswer } from './options';

export interface JumpStatusInput {
  typed: string;
  shop: ConnectedShop | undefined;
  /** Whether SKUs and orders are asked for (two characters or more, in a shop). */
  searched: boolean;
  query: { data?: JumpAnswer | undefined; isFetching: boolean; isError: boolean };
  count: number;
}

const results = (n: number) => (n === 1 ? '1 result' : `${n} results`);

/** The sentence a screen reader hears after each keystroke: how many results, or why there are none. */
export function jumpStatus({ typed, shop, searched, query, count }: JumpStatusInput): string {
  if (!typed) return `${results(count)}: every page you can open. Type to find a SKU or an order too.`;
  if (!shop) return `${results(count)}. SKUs and orders are found in one shop: open a shop's page first.`;
  if (!searched) return `${results(count)}. Type two characters or more to find a SKU or an order.`;
  if (query.isError) return `${results(count)}. SKUs and orders could not be searched just now: try again.`;
  if (!query.data || query.isFetching) return `${results(count)} so far; searching SKUs and orders…`;
  if (!query.data.stored)
    return `${results(count)}. ${shop.shopName}'s products and orders have not been read yet: SKUs and orders can be found once the first sync has read them.`;
  return count === 0 ? `Nothing matches “${typed}”.` : results(count);
}
