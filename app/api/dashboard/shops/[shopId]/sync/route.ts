import { shopParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { parseBody, parseParams, parseView } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { withShop } from '@/lib/server/loaders/shops';
import { loadSyncStatus } from '@/lib/server/loaders/reports';
import { rangeView } from '@/lib/views/refunds';
import { syncBodySchema } from '@/lib/views/schema';

export const dynamic = 'force-dynamic';

const hasRange = (request: Request) => ['range', 'from', 'to'].some((k) => new URL(request.url).searchParams.has(k));

/** The shop's sync progress; with a range, also how much of it is synced. */
export const GET = apiRoute<{ shopId: string }>(
  { route: 'GET /api/dashboard/shops/[shopId]/sync', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const range = hasRange(request) ? parseView(request, rangeView).range : null;
    return ok(await withShop(shopId, (shop) => loadSyncStatus(shop, range, false)));
  },
);

/**
 * Starts (or resumes) syncing a range: body `{ "range": "last-90-days" }` or `{ "from", "to" }`,
 * and `"retry": true` when a person asks to retry a failed sync now; `?compare=1` also syncs the
 * period the overview compares it with.
 */
export const POST = apiRoute<{ shopId: string }>(
  { route: 'POST /api/dashboard/shops/[shopId]/sync', access: 'view' },
  async (request, { params }) => {
    const { shopId } = await parseParams(params, shopParamsSchema);
    const { range, retry } = await parseBody(request, syncBodySchema);
    const compare = new URL(request.url).searchParams.get('compare') === '1';
    return ok(await withShop(shopId, (shop) => loadSyncStatus(shop, range, true, compare, retry)), { status: 202 });
  },
);
