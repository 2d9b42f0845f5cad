import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { testStoredConnection } from '@/lib/server/actions/connections';

export const dynamic = 'force-dynamic';

/** "Test connection" of a stored connection: one read of its shop list, on its own key's budget. */
export const POST = implement(PEOPLE_ENDPOINTS['POST connections/[id]/test'], async ({ params }) => {
  const { id } = params;
  return await testStoredConnection(id);
});
