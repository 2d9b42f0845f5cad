import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { changeConnection, deleteConnection } from '@/lib/server/actions/connections';

export const dynamic = 'force-dynamic';

/** Renames a connection, or changes its address, key or secret (tested before it is stored). */
export const PATCH = implement(PEOPLE_ENDPOINTS['PATCH connections/[id]'], async ({ params, body }) => {
  const { id } = params;
  return await changeConnection(servingPerson(), id, body);
});

/** Removes a connection: its shops leave the list at once; what the store holds of them stays. */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE connections/[id]'], async ({ params }) => {
  const { id } = params;
  return await deleteConnection(servingPerson(), id);
});
