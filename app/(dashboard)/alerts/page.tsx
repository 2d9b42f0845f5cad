import type { Metadata } from 'next';
import { HydrationBoundary } from '@tanstack/react-query';
import { AlertsView } from '@/components/alerts/alerts-view';
import { StoreDownPage } from '@/components/states/store-down-page';
import { prefetchAlerts } from '@/lib/queries/prefetch';
import { pageLocale, pageSessionOrStoreDown } from '@/lib/server/page-session';

export const metadata: Metadata = { title: 'Alerts' };
export const dynamic = 'force-dynamic';

/** Everyone reads their alerts; the view offers changing rules and channels to those allowed. The inbox and rules come in the HTML. */
export default async function AlertsPage() {
  const session = await pageSessionOrStoreDown('/alerts');
  if (session === 'store-down') return <StoreDownPage />;
  return (
    <HydrationBoundary state={await prefetchAlerts(session.person, await pageLocale(session.person))}>
      <AlertsView />
    </HydrationBoundary>
  );
}
