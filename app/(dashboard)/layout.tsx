import { Suspense, type ReactNode } from 'react';
import { redirect } from 'next/navigation';
import { DashboardHeader } from '@/components/app-shell/dashboard-header';
import { DashboardProviders } from '@/components/app-shell/providers';
import { LogoutButton } from '@/components/auth/logout-button';
import { getSession } from '@/lib/session/session';

// The proxy already keeps signed-out visitors away; pages check again (DESIGN.md, Security).
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if (!(await getSession())) redirect('/login');
  return (
    <DashboardProviders>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<header className="app-header" />}>
        <DashboardHeader logout={<LogoutButton />} />
      </Suspense>
      <main id="main" className="app-main">
        {children}
      </main>
    </DashboardProviders>
  );
}
