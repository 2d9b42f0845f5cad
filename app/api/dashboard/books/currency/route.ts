import { implement } from '@/lib/server/endpoint';
import { JOURNAL_ENDPOINTS } from '@/lib/endpoints/journal';
import { saveBooksCurrency } from '@/lib/server/actions/journal';

export const dynamic = 'force-dynamic';

/** Sets the books currency `{ currency: 'USD' }` (null: each shop's own currency); the journals read it when downloaded. */
export const PUT = implement(
  JOURNAL_ENDPOINTS['PUT books/currency'],
  async ({ body }) => await saveBooksCurrency(body),
);
