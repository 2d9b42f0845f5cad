import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { publicOrigin } from '@/lib/server/request';
import { resendLink, revokeLink } from '@/lib/server/actions/team';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Resends: a new link (the old one stops working), valid 7 days again. */
export const POST = implement(PEOPLE_ENDPOINTS['POST team/invitations/[id]'], async ({ params }, { request }) => {
  const { id } = params;
  const person = servingPerson();
  return await resendLink(person, id, publicOrigin(request));
});

/** Revokes a pending invitation or reset link. */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE team/invitations/[id]'], async ({ params }) => {
  const { id } = params;
  const person = servingPerson();
  return await revokeLink(person, id);
});
