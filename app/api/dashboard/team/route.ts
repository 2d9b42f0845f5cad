import { apiRoute } from '@/lib/server/handler';
import { ok } from '@/lib/server/response';
import { loadTeam } from '@/lib/server/loaders/team';

export const dynamic = 'force-dynamic';

/** People, pending invitations and reset links, the Team history and the shops that can be granted. */
export const GET = apiRoute({ route: 'GET /api/dashboard/team', access: 'manage-team' }, async () =>
  ok(await loadTeam()),
);
