import { implement } from '@/lib/server/endpoint';
import { PEOPLE_ENDPOINTS } from '@/lib/endpoints/people';
import { describeLink } from '@/lib/server/loaders/account';
import { useLink } from '@/lib/server/actions/account';
import { startSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** What a one-time link is for (410 LINK_EXPIRED when it was used, revoked or has expired). */
export const GET = implement(PEOPLE_ENDPOINTS['GET links/[token]'], async ({ params }) => {
  const { token } = params;
  return await describeLink(token);
});

/** Uses the link once: sets the password ({ name?, password }) and signs in. */
export const POST = implement(
  PEOPLE_ENDPOINTS['POST links/[token]'],
  async ({ params, body }, { request, headers }) => {
    const { token } = params;
    const personId = await useLink(token, body);
    await startSession(request, headers, personId);
    return { authenticated: true };
  },
);
