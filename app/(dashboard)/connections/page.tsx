import type { Metadata } from 'next';
import { ConnectionsView } from '@/components/connections/connections-view';
import { StoreDownPage } from '@/components/states/store-down-page';
import { pageSessionOrStoreDown } from '@/lib/server/page-session';

export const metadata: Metadata = { title: 'Connections' };
export const dynamic = 'force-dynamic';

/** The owner only: the dashboard layout answers 403 to anyone else (lib/team/pages). */
export default async function ConnectionsPage() {
  const session = await pageSessionOrStoreDown('/connections');
  if (session === 'store-down') return <StoreDownPage />;
  return <ConnectionsView />;
}
