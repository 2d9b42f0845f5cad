import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { changeOwnPassword } from '@/lib/server/actions/account';
import { startSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** Changes the person's own password ({ current, next }); every other session ends, this browser stays signed in. */
export const POST = implement(PEOPLE_ENDPOINTS['POST account/password'], async ({ body }, { request, headers }) => {
  const { current, next } = body;
  const person = servingPerson();
  await changeOwnPassword(person, current, next);
  await startSession(request, headers, person.id);
  return { changed: true };
});
