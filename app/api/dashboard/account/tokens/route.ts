import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { createPersonalToken, listOwnTokens } from '@/lib/server/actions/tokens';

export const dynamic = 'force-dynamic';

/** The person's own access tokens and live links. */
export const GET = implement(PEOPLE_ENDPOINTS['GET account/tokens'], async () => ({
  items: await listOwnTokens(servingPerson()),
}));

/** Makes a personal access token, shown this once. */
export const POST = implement(PEOPLE_ENDPOINTS['POST account/tokens'], async ({ body }) =>
  createPersonalToken(servingPerson(), body),
);
