import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { listPeople, listTeamAudit, type Person } from '@/lib/team/people';
import { pendingLinks, type TeamLink } from '@/lib/team/links';
import type { PersonView } from '@/lib/team/schemas';
import { connectedShops } from './shops';

// The Team page's reads (docs/ARCHITECTURE.md#team-access): people, pending links and the Team
// history. The changes are lib/server/actions/team.ts's.

/** What a person looks like on the Team page (no hash, no session details). */
export function personView(person: Person): PersonView {
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    role: person.role,
    seesProfit: person.seesProfit,
    seesProfitSwitch: person.seesProfitSwitch,
    shops: person.shops,
    createdAt: person.createdAt,
    lastSignInAt: person.lastSignInAt,
    hasPassword: person.hasPassword,
    locale: person.locale,
  };
}

export function linkView(link: TeamLink) {
  return {
    id: link.id,
    kind: link.kind,
    email: link.email,
    role: link.role,
    seesProfit: link.seesProfit,
    shops: link.shops,
    createdBy: link.createdBy,
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
  };
}

export async function loadTeam() {
  const d = await storeDb();
  const [people, links, history, shops] = await Promise.all([
    listPeople(d),
    pendingLinks(d),
    listTeamAudit(d),
    connectedShops().catch(() => []),
  ]);
  return {
    people: people.map(personView),
    pending: links.map(linkView),
    history,
    shops: shops.map((s) => ({ id: s.id, shopName: s.shopName })),
    // The team's own events belong to no shop: they are shown on the first shop's clock, named on the page.
    timeZone: shops[0]?.timezone ?? 'UTC',
  };
}
