import { ordersView } from '@/lib/views/orders';
import { overviewView } from '@/lib/views/overview';
import { refundsView } from '@/lib/views/refunds';
import { skuProfitView } from '@/lib/views/sku-profit';
import { toSearch, viewQuery, type View } from '@/lib/views/view';
import type { Fields } from '@/lib/views/field';

// The exact view an alert points to: the page's path and its URL state (lib/views), the range as
// custom days so the link shows the figure the alert names, whenever it is opened.

type Days = { from: string; to: string };

function link<F extends Fields>(path: string, view: View<F>, shopId: string, state: Record<string, unknown>): string {
  // The page reads days only with `range=custom` (alone, `from`/`to` lose to the default preset).
  const query = viewQuery(view, state as never);
  return `${path}?${toSearch({ shop: shopId, range: 'custom', ...query })}`;
}

export const alertLinks = {
  skuProfit: (shopId: string, days: Days, sku?: string) =>
    link('/sku-profit', skuProfitView, shopId, { ...days, q: sku ?? null }),
  orders: (shopId: string, days: Days, orderNumber: string) =>
    link('/orders', ordersView, shopId, { ...days, orderNumber }),
  refunds: (shopId: string, days: Days) => link('/refunds', refundsView, shopId, days),
  overview: (shopId: string, days: Days) => link('/', overviewView, shopId, days),
};
