import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { listTeamTokens } from '@/lib/server/actions/tokens';

export const dynamic = 'force-dynamic';

/** Every person's access tokens and live links (owners and admins). */
export const GET = implement(PEOPLE_ENDPOINTS['GET team/tokens'], async () => ({ items: await listTeamTokens() }));
