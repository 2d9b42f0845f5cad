import { confirmedMonths, guardFxWrite } from '@/lib/server/actions/closed-months';
import { apiRoute } from '@/lib/server/handler';
import { loadFxRates } from '@/lib/server/loaders/fx-rates';
import { saveFxRate } from '@/lib/server/actions/fx-rates';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { fxRateBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

/** The seller's exchange rates, their trail and what undo would revert. */
export const GET = apiRoute({ route: 'GET /api/dashboard/fx-rates', access: 'view-profit' }, async () =>
  ok(await loadFxRates()),
);

/** Adds a rate `{ currency, target, fromDay, rate }`: 201 { item, audit }; 409 CONFLICT for a second rate of the pair on that day. */
export const POST = apiRoute({ route: 'POST /api/dashboard/fx-rates', access: 'edit-costs' }, async (request) => {
  const body = await parseBody(request, fxRateBodySchema);
  return ok(await guardFxWrite(confirmedMonths(request), () => saveFxRate(body)), { status: 201 });
});
