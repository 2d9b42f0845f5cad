import type { ReactNode } from 'react';
import { HydrationBoundary } from '@tanstack/react-query';
import { DashboardShell } from '@/components/app-shell/dashboard-shell';
import { DashboardProviders } from '@/components/app-shell/providers';
import { ViewerProvider } from '@/components/app-shell/viewer';
import { CostKindWordsFrame } from '@/components/app-shell/cost-kind-words-frame';
import { LogoutButton } from '@/components/auth/logout-button';
import { prefetchShops } from '@/lib/queries/prefetch';
import type { Person } from '@/lib/team/people';
import { headers } from 'next/headers';

export interface DashboardFrameProps {
  person: Person;
  children: ReactNode;
}

/**
 * The dashboard's frame (header, navigation, main): around every dashboard page, and around the
 * pages Next renders in their place (a page the person may not use, an unknown address), so a
 * person never lands on a page without a way back.
 */
export async function DashboardFrame({ person, children }: DashboardFrameProps) {
  const viewer = { name: person.name, role: person.role, seesProfit: person.seesProfit };
  // The person's locale from the first HTML on (docs/ARCHITECTURE.md#the-persons-locale).
  const locale = { choice: person.locale, acceptLanguage: (await headers()).get('accept-language') };
  return (
    <DashboardProviders locale={locale}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Server and browser render the header from the same shop list, whatever order React hydrates in. */}
      <HydrationBoundary state={await prefetchShops()}>
        <DashboardShell logout={<LogoutButton />} viewer={viewer}>
          <ViewerProvider viewer={viewer}>
            <CostKindWordsFrame>{children}</CostKindWordsFrame>
          </ViewerProvider>
        </DashboardShell>
      </HydrationBoundary>
    </DashboardProviders>
  );
}
