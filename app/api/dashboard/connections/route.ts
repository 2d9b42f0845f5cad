import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { loadConnections } from '@/lib/server/loaders/connections';
import { addNewConnection } from '@/lib/server/actions/connections';

export const dynamic = 'force-dynamic';

/** The upstream connections (the environment's key first), each with a hint of its key and its shop count. */
export const GET = implement(PEOPLE_ENDPOINTS['GET connections'], async () => await loadConnections());

/** Adds a connection once its credentials read the shop list; the secret is sealed and never answered. */
export const POST = implement(
  PEOPLE_ENDPOINTS['POST connections'],
  async ({ body }) => await addNewConnection(servingPerson(), body),
);
