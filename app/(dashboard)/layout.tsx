import { Suspense, type ReactNode } from 'react';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { PATHNAME_HEADER } from '@/lib/session/gate';
import { allows } from '@/lib/team/roles';
import { pagePermission } from '@/lib/team/pages';
import { HydrationBoundary } from '@tanstack/react-query';
import { DashboardHeader } from '@/components/app-shell/dashboard-header';
import { DashboardProviders } from '@/components/app-shell/providers';
import { LogoutButton } from '@/components/auth/logout-button';
import { ViewerProvider } from '@/components/app-shell/viewer';
import { prefetchShops } from '@/lib/queries/prefetch';
import { pageSessionOrStoreDown } from '@/lib/api/server/page-session';
import { StoreDownPage } from '@/components/states/store-down-page';

// The proxy already keeps signed-out visitors away; pages check again (docs/ARCHITECTURE.md#security).
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await pageSessionOrStoreDown();
  if (session === 'store-down') return <StoreDownPage />;
  const { person } = session;
  // A page the person's role or access does not include does not exist for them: a real 404,
  // decided here before the page's loading state starts streaming (lib/team/pages).
  if (!allows(person, pagePermission((await headers()).get(PATHNAME_HEADER) ?? '/'))) notFound();
  const viewer = { name: person.name, role: person.role, fullFigures: person.seesProfit };
  return (
    <DashboardProviders>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Server and browser render the header from the same shop list, whatever order React hydrates in. */}
      <HydrationBoundary state={await prefetchShops()}>
        <Suspense fallback={<header className="app-header" />}>
          <DashboardHeader logout={<LogoutButton />} viewer={viewer} />
        </Suspense>
      </HydrationBoundary>
      <main id="main" className="app-main">
        <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
      </main>
    </DashboardProviders>
  );
}
