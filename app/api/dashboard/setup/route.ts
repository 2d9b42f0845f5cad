import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { setUpOwner } from '@/lib/server/actions/account';
import { startSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/**
 * The first owner ({ email, name, password, token }), only while the dashboard has nobody (409
 * afterwards) and with the set-up token the server printed at start (403 WRONG_SETUP_TOKEN without it).
 */
export const POST = implement(PEOPLE_ENDPOINTS['POST setup'], async ({ body }, { request, headers }) => {
  const personId = await setUpOwner(body);
  await startSession(request, headers, personId);
  return { authenticated: true };
});
