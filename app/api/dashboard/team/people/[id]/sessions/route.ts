import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { endSessionsOf } from '@/lib/server/actions/team';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Ends every session of another person (they sign in again). */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE team/people/[id]/sessions'], async ({ params }) => {
  const { id } = params;
  const person = servingPerson();
  return await endSessionsOf(person, id);
});
