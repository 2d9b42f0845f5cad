import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { testNewConnection } from '@/lib/server/actions/connections';

export const dynamic = 'force-dynamic';

/** "Test connection" before saving: reads the shop list once with these credentials; stores nothing. */
export const POST = implement(
  PEOPLE_ENDPOINTS['POST connections/test'],
  async ({ body }) => await testNewConnection(body),
);
