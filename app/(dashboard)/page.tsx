import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchOverviewView } from '@/lib/queries/prefetch';
import { readViewFromUrl } from '@/lib/views/view';
import { overviewView } from '@/lib/views/overview';
import { OverviewView } from '@/components/overview/overview-view';

export const metadata: Metadata = { title: 'Overview' };

/** The landing page after sign-in: KPIs, the daily trend and the top and bottom SKUs (in the first HTML). */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readViewFromUrl(overviewView)(searchParams);
  return (
    <HydrationBoundary state={await prefetchOverviewView(view)}>
      <OverviewView />
    </HydrationBoundary>
  );
}
