import { digestBodySchema } from '@/lib/alerts/schemas';
import { apiRoute } from '@/lib/server/handler';
import { loadDigest } from '@/lib/server/loaders/alerts';
import { saveDigest } from '@/lib/server/actions/alerts';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** The person's digest: daily, weekly, the hour (in each shop's time zone), the Excel attachment. */
export const GET = apiRoute({ route: 'GET /api/dashboard/account/digest', access: 'account' }, async () =>
  ok(await loadDigest()),
);

export const PUT = apiRoute({ route: 'PUT /api/dashboard/account/digest', access: 'account' }, async (request) =>
  ok(await saveDigest(await parseBody(request, digestBodySchema))),
);
