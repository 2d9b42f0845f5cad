import { apiRoute } from '@/lib/server/handler';
import { servingPerson } from '@/lib/server/access';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { changeOwnPassword } from '@/lib/server/actions/account';
import { passwordChangeBodySchema } from '@/lib/team/schemas';
import { startSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** Changes the person's own password ({ current, next }); every other session ends, this browser stays signed in. */
export const POST = apiRoute({ route: 'POST /api/dashboard/account/password', access: 'account' }, async (request) => {
  const { current, next } = await parseBody(request, passwordChangeBodySchema);
  const person = servingPerson();
  await changeOwnPassword(person, current, next);
  const headers = new Headers();
  await startSession(request, headers, person.id);
  return ok({ changed: true }, { headers });
});
