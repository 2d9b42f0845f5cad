import { confirmedMonths, guardFxWrite } from '@/lib/server/actions/closed-months';
import { fxRateParamsSchema } from '@/lib/api/query-params';
import { apiRoute } from '@/lib/server/handler';
import { removeFxRate, saveFxRate } from '@/lib/server/actions/fx-rates';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { fxRateBodySchema } from '@/lib/costs/schemas';

export const dynamic = 'force-dynamic';

/** Replaces a rate (same body as POST): { item, audit }; 404 NOT_FOUND for an unknown id. */
export const PUT = apiRoute<{ id: string }>(
  { route: 'PUT /api/dashboard/fx-rates/[id]', access: 'edit-costs' },
  async (request, { params }) => {
    const { id } = await parseParams(params, fxRateParamsSchema);
    const body = await parseBody(request, fxRateBodySchema);
    return ok(await guardFxWrite(confirmedMonths(request), () => saveFxRate(body, id)));
  },
);

/** Deletes a rate: { audit }. */
export const DELETE = apiRoute<{ id: string }>(
  { route: 'DELETE /api/dashboard/fx-rates/[id]', access: 'edit-costs' },
  async (request, { params }) => {
    const { id } = await parseParams(params, fxRateParamsSchema);
    return ok(await guardFxWrite(confirmedMonths(request), () => removeFxRate(id)));
  },
);
