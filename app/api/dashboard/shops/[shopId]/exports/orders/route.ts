import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/api/server/handler';
import { csvColumnsFor } from '@/lib/api/server/access';
import { parseParams, parseView } from '@/lib/api/server/request';
import { requireShop } from '@/lib/api/server/loaders/shops';
import { csvStream } from '@/lib/csv';
import { csvResponse, exportFilename } from '@/lib/exports/filename';
import { orderExport } from '@/lib/exports/order-export';
import { orderLineColumns } from '@/lib/exports/order-lines';
import { orderExportRange, primed } from '@/lib/exports/sources';
import { orderCogs } from '@/lib/costs/order-cogs';
import { loadOrderCogs } from '@/lib/api/server/loaders/orders';
import { ordersView } from '@/lib/views/orders';

export const dynamic = 'force-dynamic';

/**
 * Every product line of every order in the filtered range (not the visible page), streamed as CSV:
 * from the local order store when the range is synced, else from the upstream (starting its sync).
 * `X-Export-Source: store|upstream` says which.
 */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/orders', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { costs, allocate: _allocate, ...query } = parseView(request, ordersView);
    const shop = await requireShop(shopId);
    const range = orderExportRange(shop, query);
    const cogs = costs === 'mine' ? orderCogs(await loadOrderCogs(shop.id), shop.timezone) : undefined;
    const { source, batches } = await orderExport(shop, query, range, undefined, cogs);
    const body = csvStream(csvColumnsFor(orderLineColumns(shop.timezone)), await primed(batches));
    return csvResponse(body, exportFilename('orders', shop.shopName, range.from, range.to), {
      'X-Export-Source': source,
    });
  },
);
