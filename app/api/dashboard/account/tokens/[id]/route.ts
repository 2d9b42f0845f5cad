import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { revokeToken } from '@/lib/server/actions/tokens';

export const dynamic = 'force-dynamic';

/** Revokes an access token or live link (one's own; anyone's for owners and admins). */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE account/tokens/[id]'], async ({ params }) =>
  revokeToken(servingPerson(), params.id),
);
