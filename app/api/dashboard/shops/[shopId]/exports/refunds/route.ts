import { shopParamsSchema } from '@/lib/api/query-params';
import { refundsView } from '@/lib/views/refunds';
import { apiRoute } from '@/lib/server/handler';
import { refundPartsFor } from '@/lib/server/access';
import { parseParams, parseQuery, parseView } from '@/lib/server/request';
import { withShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutRange } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { exportFormatSchema } from '@/lib/exports/format';
import { refundDayColumns } from '@/lib/exports/refund-lines';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { refundDays } from '@/lib/server/exports/sources';

export const dynamic = 'force-dynamic';

/** One row per day of the range (the shop's calendar) with the day's refund breakdown, as CSV or Excel. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/refunds', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseView(request, refundsView);
    const { format } = parseQuery(request, exportFormatSchema);
    const { shop, data } = await withShop(shopId, async (s) => ({ shop: s, data: await refundDays(s, query) }));
    return exportResponse(format, {
      columns: refundDayColumns(shop.timezone, await refundPartsFor()),
      batches: oneBatch(data.items),
      filename: exportFilename('refunds', shop.shopName, data.range.from, data.range.to),
      sheet: {
        title: `Refunds: ${shop.shopName}`,
        currency: shop.currency,
        about: [
          ['Shop', `${shop.shopName} (${shop.id})`],
          aboutRange(data.range, shop.timezone),
          ['Rows', "one per day of the shop's calendar"],
          aboutExportedAt(shop.timezone),
        ],
      },
    });
  },
);
