import type { Metadata } from 'next';
import { TeamView } from '@/components/team/team-view';
import { StoreDownPage } from '@/components/states/store-down-page';
import { pageFor } from '@/lib/session/page-session';

export const metadata: Metadata = { title: 'Team' };
export const dynamic = 'force-dynamic';

/** Owner and admins only: anyone else gets a 404, as for a page that does not exist. */
export default async function TeamPage() {
  const session = await pageFor('manage-team', '/team');
  if (session === 'store-down') return <StoreDownPage />;
  return <TeamView selfId={session.person.id} selfRole={session.person.role} />;
}
