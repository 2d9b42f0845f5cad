import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { loadTeam } from '@/lib/server/loaders/team';

export const dynamic = 'force-dynamic';

/** People, pending invitations and reset links, the Team history and the shops that can be granted. */
export const GET = implement(PEOPLE_ENDPOINTS['GET team'], async () => await loadTeam());
