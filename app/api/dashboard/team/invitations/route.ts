import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { publicOrigin } from '@/lib/server/request';
import { invite } from '@/lib/server/actions/team';
import { servingPerson } from '@/lib/server/access';

export const dynamic = 'force-dynamic';

/** Invites { email, role, seesProfit, shops }: 201 { invitation, path } (the one-time link, shown once). */
export const POST = implement(PEOPLE_ENDPOINTS['POST team/invitations'], async ({ body }, { request }) => {
  const person = servingPerson();
  return await invite(person, body, publicOrigin(request));
});
