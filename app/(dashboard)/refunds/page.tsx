import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { RefundsView } from '@/components/refunds/refunds-view';
import { prefetchRefundsView } from '@/lib/queries/prefetch';
import { readRefundsViewFromUrl } from '@/lib/views/refunds';

export const metadata: Metadata = { title: 'Refunds' };

export default async function RefundsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readRefundsViewFromUrl(searchParams);
  return (
    <HydrationBoundary state={await prefetchRefundsView(view)}>
      <RefundsView />
    </HydrationBoundary>
  );
}
