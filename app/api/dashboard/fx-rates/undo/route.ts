import { confirmedMonths, guardFxWrite } from '@/lib/server/actions/closed-months';
import { apiRoute } from '@/lib/server/handler';
import { undoFxChange } from '@/lib/server/actions/fx-rates';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Reverts the newest change of the exchange rates: { undone, audit }; 409 NOTHING_TO_UNDO when none. */
export const POST = apiRoute({ route: 'POST /api/dashboard/fx-rates/undo', access: 'edit-costs' }, async (request) =>
  ok(await guardFxWrite(confirmedMonths(request), () => undoFxChange())),
);
