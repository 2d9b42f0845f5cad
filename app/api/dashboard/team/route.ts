import { apiRoute } from '@/lib/api/server/handler';
import { ok } from '@/lib/api/server/response';
import { loadTeam } from '@/lib/api/server/loaders/team';

export const dynamic = 'force-dynamic';

/** People, pending invitations and reset links, the Team history and the shops that can be granted. */
export const GET = apiRoute({ route: 'GET /api/dashboard/team', access: 'manage-team' }, async () =>
  ok(await loadTeam()),
);
