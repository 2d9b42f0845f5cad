import type { Metadata } from 'next';
import { TeamView } from '@/components/team/team-view';
import { StoreDownPage } from '@/components/states/store-down-page';
import { pageSessionOrStoreDown } from '@/lib/server/page-session';

export const metadata: Metadata = { title: 'Team' };
export const dynamic = 'force-dynamic';

/** Owner and admins only: the dashboard layout answers 403 to anyone else (lib/team/pages). */
export default async function TeamPage() {
  const session = await pageSessionOrStoreDown('/team');
  if (session === 'store-down') return <StoreDownPage />;
  return <TeamView selfId={session.person.id} />;
}
