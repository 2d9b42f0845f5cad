import { booksCurrencyBodySchema } from '@/lib/reports/journal-schemas';
import { saveBooksCurrency } from '@/lib/server/actions/journal';
import { apiRoute } from '@/lib/server/handler';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';

export const dynamic = 'force-dynamic';

/** Sets the books currency `{ currency: 'USD' }` (null: each shop's own currency); the journals read it when downloaded. */
export const PUT = apiRoute({ route: 'PUT /api/dashboard/books/currency', access: 'close-books' }, async (request) =>
  ok(await saveBooksCurrency(await parseBody(request, booksCurrencyBodySchema))),
);
