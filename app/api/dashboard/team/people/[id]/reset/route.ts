import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { publicOrigin } from '@/lib/server/request';
import { resetLink } from '@/lib/server/actions/team';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** A one-time link for the person to set a new password: 201 { invitation, path }. */
export const POST = implement(PEOPLE_ENDPOINTS['POST team/people/[id]/reset'], async ({ params }, { request }) => {
  const { id } = params;
  const person = servingPerson();
  return await resetLink(person, id, publicOrigin(request));
});
