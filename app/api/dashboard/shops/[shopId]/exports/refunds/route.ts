import { shopParamsSchema } from '@/lib/api/query-params';
import { refundsView } from '@/lib/views/refunds';
import { apiRoute } from '@/lib/api/server/handler';
import { csvColumnsFor } from '@/lib/api/server/access';
import { parseParams, parseView } from '@/lib/api/server/request';
import { withShop } from '@/lib/api/server/loaders/shops';
import { csvStream } from '@/lib/csv';
import { csvResponse, exportFilename } from '@/lib/exports/filename';
import { refundDayColumns } from '@/lib/exports/refund-lines';
import { refundDays } from '@/lib/exports/sources';

export const dynamic = 'force-dynamic';

/** One row per day of the range (the shop's calendar) with the day's refund breakdown. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/exports/refunds', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const query = parseView(request, refundsView);
    const { shop, data } = await withShop(shopId, async (s) => ({ shop: s, data: await refundDays(s, query) }));
    const body = csvStream(
      csvColumnsFor(refundDayColumns(shop.timezone)),
      (async function* () {
        yield data.items;
      })(),
    );
    return csvResponse(body, exportFilename('refunds', shop.shopName, data.range.from, data.range.to));
  },
);
