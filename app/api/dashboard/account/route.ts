import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { personView } from '@/lib/server/loaders/team';
import { renameSelf } from '@/lib/server/actions/account';

export const dynamic = 'force-dynamic';

/** The signed-in person: name, email, role, shops, whether they see costs and profit. */
export const GET = implement(PEOPLE_ENDPOINTS['GET account'], async () => personView(servingPerson()));

/** Renames the signed-in person (the name the costs history shows). */
export const PATCH = implement(PEOPLE_ENDPOINTS['PATCH account'], async ({ body }) => {
  const { name } = body;
  return await renameSelf(servingPerson(), name);
});
