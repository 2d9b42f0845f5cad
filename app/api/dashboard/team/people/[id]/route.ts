import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { changePerson, removePerson } from '@/lib/server/actions/team';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Changes a person's role, "can see costs and profit" or shops; applies on their next request. */
export const PATCH = implement(PEOPLE_ENDPOINTS['PATCH team/people/[id]'], async ({ params, body }) => {
  const { id } = params;
  const person = servingPerson();
  return await changePerson(person, id, body);
});

/** Removes a person: their next request lands on the sign-in page. */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE team/people/[id]'], async ({ params }) => {
  const { id } = params;
  const person = servingPerson();
  return await removePerson(person, id);
});
