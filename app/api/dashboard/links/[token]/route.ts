import { apiRoute } from '@/lib/server/handler';
import { parseBody, parseParams } from '@/lib/server/request';
import { ok } from '@/lib/server/response';
import { describeLink } from '@/lib/server/loaders/account';
import { useLink } from '@/lib/server/actions/account';
import { linkBodySchema, tokenParamsSchema } from '@/lib/team/schemas';
import { startSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** What a one-time link is for (410 LINK_EXPIRED when it was used, revoked or has expired). */
export const GET = apiRoute<{ token: string }>(
  { route: 'GET /api/dashboard/links/[token]', access: 'public' },
  async (_request, { params }) => {
    const { token } = await parseParams(params, tokenParamsSchema);
    return ok(await describeLink(token));
  },
);

/** Uses the link once: sets the password ({ name?, password }) and signs in. */
export const POST = apiRoute<{ token: string }>(
  { route: 'POST /api/dashboard/links/[token]', access: 'public' },
  async (request, { params }) => {
    const { token } = await parseParams(params, tokenParamsSchema);
    const personId = await useLink(token, await parseBody(request, linkBodySchema));
    const headers = new Headers();
    await startSession(request, headers, personId);
    return ok({ authenticated: true }, { headers });
  },
);
