import { pageHref } from '@/components/app-shell/page-href';
import type { ApiData } from '@/lib/endpoints/client';
import type { DashboardPage } from '@/lib/team/pages';
import type { FrameState } from '@/lib/views/frame';

type Frame = Pick<FrameState, 'shop' | 'range' | 'from' | 'to'>;
export type JumpAnswer = ApiData<'GET shops/[shopId]/jump'>;

/** One thing the jump-to can open: a page, a SKU or an order, with the address it opens. */
export interface JumpOption {
  id: string;
  kind: 'Page' | 'SKU' | 'Order';
  label: string;
  /** What tells it apart from its neighbours (a SKU's product, an order's day). */
  detail: string;
  href: string;
}

const fold = (text: string) => text.trim().toLowerCase();

/**
 * What the jump-to lists for `text`: the pages the person may open whose name (or group) holds it,
 * then the SKUs and orders the store found. Every address keeps the shop and range on screen; a SKU
 * opens SKU profit searched to its seller SKU, or the orders holding it for a person who may not see
 * profit; an order opens the orders page filtered to its number, on its own day when that day lies
 * outside the range.
 */
export function jumpOptions(
  text: string,
  pages: readonly DashboardPage[],
  frame: Frame,
  answer: JumpAnswer | undefined,
): JumpOption[] {
  const needle = fold(text);
  const options: JumpOption[] = pages
    .filter((page) => !needle || fold(page.label).includes(needle) || fold(page.group).includes(needle))
    .map((page) => ({
      id: `page:${page.href}`,
      kind: 'Page',
      label: page.label,
      detail: page.group,
      href: pageHref(page.href, frame),
    }));
  if (!answer || !needle) return options;
  const skuProfit = pages.some((page) => page.href === '/sku-profit');
  for (const sku of answer.skus) {
    const name = sku.sellerSku || sku.skuName || sku.skuId;
    options.push({
      id: `sku:${sku.skuId}`,
      kind: 'SKU',
      label: name,
      detail: [sku.productName, sku.skuName].filter((part) => part && part !== name).join(' · '),
      href: skuProfit ? pageHref('/sku-profit', frame, { q: name }) : pageHref('/orders', frame, { skuName: name }),
    });
  }
  for (const order of answer.orders) {
    const onItsDay = { ...frame, range: 'custom' as const, from: order.day, to: order.day };
    options.push({
      id: `order:${order.orderId}`,
      kind: 'Order',
      label: order.orderNumber,
      detail: order.inRange ? `ordered ${order.day}` : `ordered ${order.day}, outside the range: opens that day`,
      href: pageHref('/orders', order.inRange ? frame : onItsDay, { orderNumber: order.orderNumber }),
    });
  }
  return options;
}
