import { apiRoute } from '@/lib/server/handler';
import { servingPerson } from '@/lib/server/access';
import { ok } from '@/lib/server/response';
import { signOutEverywhere } from '@/lib/server/actions/account';
import { endSession } from '@/lib/session/session';

export const dynamic = 'force-dynamic';

/** Signs the person out on every device, this one included. */
export const DELETE = apiRoute(
  { route: 'DELETE /api/dashboard/account/sessions', access: 'account' },
  async (request) => {
    await signOutEverywhere(servingPerson());
    const headers = new Headers();
    await endSession(request, headers);
    return ok({ authenticated: false }, { headers });
  },
);
