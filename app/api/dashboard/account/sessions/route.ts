import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { servingPerson } from '@/lib/server/access';
import { signOutEverywhere } from '@/lib/server/actions/account';
import { endSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** Signs the person out on every device, this one included. */
export const DELETE = implement(PEOPLE_ENDPOINTS['DELETE account/sessions'], async (_inputs, { request, headers }) => {
  await signOutEverywhere(servingPerson());
  await endSession(request, headers);
  return { authenticated: false };
});
