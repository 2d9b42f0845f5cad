import { apiRoute } from '@/lib/server/handler';
import { servingPerson } from '@/lib/server/access';
import { parseBody } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { personView } from '@/lib/server/loaders/team';
import { renameSelf } from '@/lib/server/actions/account';
import { accountBodySchema } from '@/lib/team/schemas';

export const dynamic = 'force-dynamic';

/** The signed-in person: name, email, role, shops, whether they see costs and profit. */
export const GET = apiRoute({ route: 'GET /api/dashboard/account', access: 'account' }, async () =>
  ok(personView(servingPerson())),
);

/** Renames the signed-in person (the name the costs history shows). */
export const PATCH = apiRoute({ route: 'PATCH /api/dashboard/account', access: 'account' }, async (request) => {
  const { name } = await parseBody(request, accountBodySchema);
  return ok(await renameSelf(servingPerson(), name));
});
