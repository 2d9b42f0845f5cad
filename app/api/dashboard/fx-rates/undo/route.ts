import { confirmedMonths, guardFxWrite } from '@/lib/server/actions/closed-months';
import { implement } from '@/lib/server/endpoint';
import { COST_ENDPOINTS } from '@/lib/endpoints/costs';
import { undoFxChange } from '@/lib/server/actions/fx-rates';

export const dynamic = 'force-dynamic';

/** Reverts the newest change of the exchange rates: { undone, audit }; 409 NOTHING_TO_UNDO when none. */
export const POST = implement(COST_ENDPOINTS['POST fx-rates/undo'], async (_inputs, { request }) =>
  guardFxWrite(confirmedMonths(request), () => undoFxChange()),
);
