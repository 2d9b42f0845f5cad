import { implement } from '@/lib/server/endpoint';
import { SHOP_ENDPOINTS } from '@/lib/endpoints/shops';
import { refundPartsFor } from '@/lib/server/access';
import { withShop } from '@/lib/server/loaders/shops';
import { aboutExportedAt, aboutRange } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { refundDayColumns } from '@/lib/exports/refund-lines';
import { exportResponse, oneBatch } from '@/lib/server/exports/respond';
import { refundDays } from '@/lib/server/exports/sources';

export const dynamic = 'force-dynamic';

/** One row per day of the range (the shop's calendar) with the day's refund breakdown, as CSV or Excel. */
export const GET = implement(SHOP_ENDPOINTS['GET shops/[shopId]/exports/refunds'], async ({ params, query }) => {
  const { shopId } = params;
  const { format } = query;
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
});
