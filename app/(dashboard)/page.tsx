import type { Metadata } from 'next';
import { OverviewView } from '@/components/overview/overview-view';

export const metadata: Metadata = { title: 'Overview' };

/** The landing page after sign-in: KPIs, the daily trend and the top and bottom SKUs. */
export default function OverviewPage() {
  return <OverviewView />;
}
