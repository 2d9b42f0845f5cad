import { confirmedMonths, guardFxWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { removeFxRate, saveFxRate } from '@/lib/server/actions/fx-rates';

export const dynamic = 'force-dynamic';

/** Replaces a rate (same body as POST): { item, audit }; 404 NOT_FOUND for an unknown id. */
export const PUT = implement(COST_ENDPOINTS['PUT fx-rates/[id]'], async ({ params, body }, { request }) => {
  const { id } = params;
  return await guardFxWrite(confirmedMonths(request), () => saveFxRate(body, id));
});

/** Deletes a rate: { audit }. */
export const DELETE = implement(COST_ENDPOINTS['DELETE fx-rates/[id]'], async ({ params }, { request }) => {
  const { id } = params;
  return await guardFxWrite(confirmedMonths(request), () => removeFxRate(id));
});
