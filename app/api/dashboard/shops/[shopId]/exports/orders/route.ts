import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { requireShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { orderExport } from '@/lib/server/exports/order-export';
import { orderLineColumns } from '@/lib/exports/order-lines';
import { exportResponse } from '@/lib/server/exports/respond';
import { orderExportRange, primed } from '@/lib/server/exports/sources';
import { orderCogs } from '@/lib/costs/order-cogs';
import { loadOrderCogs } from '@/lib/server/loaders/orders';
import { ordersView } from '@/lib/views/orders';

export const dynamic = 'force-dynamic';

/**
 * Every product line of every order in the filtered range (not the visible page), streamed as CSV
 * or Excel (`format=xlsx`): from the local order store when the range is synced, else refused
 * (NOT_SYNCED_YET). `X-Export-Source: store|upstream` says where the rows came from.
 */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/exports/orders'], async ({ params, query }) => {
  const { shopId } = params;
  const { format, costs, allocate: _allocate, ...filters } = query;
  const shop = await requireShop(shopId);
  const range = orderExportRange(shop, filters);
  const cogs = costs === 'mine' ? orderCogs(await loadOrderCogs(shop.id), shop.timezone) : undefined;
  const { source, batches } = await orderExport(shop, filters, range, undefined, cogs);
  return exportResponse(format, {
    columns: orderLineColumns(shop.timezone, costs === 'mine'),
    batches: await primed(batches),
    filename: exportFilename('orders', shop.shopName, range.from, range.to),
    headers: { 'X-Export-Source': source },
    sheet: {
      title: `Orders: ${shop.shopName}`,
      currency: shop.currency,
      about: [
        ['Shop', `${shop.shopName} (${shop.id})`],
        aboutRange(range, shop.timezone),
        ['Rows', 'one per product line of each order'],
        ...aboutView(ordersView, query),
        aboutExportedAt(shop.timezone),
      ],
    },
  });
});
