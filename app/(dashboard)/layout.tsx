import type { ReactNode } from 'react';
import { pageGate } from '@/lib/server/page-session';
import { StoreDownPage } from '@/components/states/store-down-page';
import { DashboardFrame } from '../dashboard-frame';

// The proxy already keeps signed-out visitors away; pages check again (docs/ARCHITECTURE.md#security).
// A page the person's role or access does not include is a real 403, decided here before anything
// streams; app/forbidden.tsx says why inside the same frame.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await pageGate();
  if (session === 'store-down') return <StoreDownPage />;
  return <DashboardFrame person={session.person}>{children}</DashboardFrame>;
}
