import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { requireShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutRange, aboutView } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { orderExport, orderFileKey } from '@/lib/server/exports/order-export';
import { orderLineColumns, type OrderLine } from '@/lib/exports/order-lines';
import { keptExportResponse } from '@/lib/server/exports/kept-files';
import { exportResponse, type ExportFile } from '@/lib/server/exports/respond';
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
export const GET = implement(
  SHOP_ENDPOINTS['GET shops/[shopId]/exports/orders'],
  async ({ params, query }, { request }) => {
    const { shopId } = params;
    const { format, costs, allocate: _allocate, ...filters } = query;
    const shop = await requireShop(shopId);
    const range = orderExportRange(shop, filters);
    const costData = costs === 'mine' ? await loadOrderCogs(shop.id) : null;
    const cogs = costs === 'mine' ? orderCogs(costData, shop.timezone) : undefined;
    const { source, batches } = await orderExport(shop, filters, range, undefined, cogs);
    const file: Omit<ExportFile<OrderLine>, 'batches'> = {
      columns: orderLineColumns(shop.timezone, costs === 'mine'),
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
    };
    // Rows read upstream (the store could not be read) are written anew every time.
    if (source !== 'store') return exportResponse(format, { ...file, batches: await primed(batches) });
    const key = orderFileKey(shop, filters, range, costs, costData);
    return keptExportResponse(request, format, file, () => primed(batches), key);
  },
);
