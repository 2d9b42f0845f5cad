import { confirmedMonths, guardFxWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { loadFxRates } from '@/lib/server/loaders/fx-rates';
import { saveFxRate } from '@/lib/server/actions/fx-rates';

export const dynamic = 'force-dynamic';

/** The seller's exchange rates, their trail and what undo would revert. */
export const GET = implement(COST_ENDPOINTS['GET fx-rates'], async () => await loadFxRates());

/** Adds a rate `{ currency, target, fromDay, rate }`: 201 { item, audit }; 409 CONFLICT for a second rate of the pair on that day. */
export const POST = implement(COST_ENDPOINTS['POST fx-rates'], async ({ body }, { request }) => {
  return await guardFxWrite(confirmedMonths(request), () => saveFxRate(body));
});
