import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { createLiveLink } from '@/lib/server/actions/tokens';
import { publicOrigin } from '@/lib/server/request';

export const dynamic = 'force-dynamic';

/** Makes a live link of one export, its address shown this once. */
export const POST = implement(PEOPLE_ENDPOINTS['POST account/live-links'], async ({ body }, { request }) =>
  createLiveLink(servingPerson(), body, publicOrigin(request)),
);
