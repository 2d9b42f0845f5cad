import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { forbidden } from 'next/navigation';
import { PATHNAME_HEADER } from '@/lib/session/gate';
import { allows } from '@/lib/team/roles';
import { pagePermission } from '@/lib/team/pages';
import { pageSessionOrStoreDown } from '@/lib/server/page-session';
import { StoreDownPage } from '@/components/states/store-down-page';
import { DashboardFrame } from '../dashboard-frame';

// The proxy already keeps signed-out visitors away; pages check again (docs/ARCHITECTURE.md#security).
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await pageSessionOrStoreDown();
  if (session === 'store-down') return <StoreDownPage />;
  const { person } = session;
  // A page the person's role or access does not include is a real 403, decided here before the
  // page's loading state starts streaming; app/forbidden.tsx says why inside the same frame.
  if (!allows(person, pagePermission((await headers()).get(PATHNAME_HEADER) ?? '/'))) forbidden();
  return <DashboardFrame person={person}>{children}</DashboardFrame>;
}
