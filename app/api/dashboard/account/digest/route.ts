import { implement } from '@/lib/server/endpoint';
import { ALERT_ENDPOINTS } from '@/lib/endpoints/alerts';
import { loadDigest } from '@/lib/server/loaders/alerts';
import { saveDigest } from '@/lib/server/actions/alerts';

export const dynamic = 'force-dynamic';

/** The person's digest: daily, weekly, the hour (in each shop's time zone), the Excel attachment. */
export const GET = implement(ALERT_ENDPOINTS['GET account/digest'], async () => await loadDigest());

export const PUT = implement(ALERT_ENDPOINTS['PUT account/digest'], async ({ body }) => await saveDigest(body));
