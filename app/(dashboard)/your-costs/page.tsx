import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { YourCostsView } from '@/components/your-costs/your-costs-view';
import { prefetchYourCosts } from '@/lib/queries/prefetch';
import { readFrameFromUrl } from '@/lib/views/frame';

export const metadata: Metadata = { title: 'Your costs' };

/** The seller's own costs: ad spend, other expenses, unit costs by SKU, their history and a backup. */
export default async function YourCostsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const frame = await readFrameFromUrl(searchParams);
  return (
    <HydrationBoundary state={await prefetchYourCosts(frame)}>
      <YourCostsView />
    </HydrationBoundary>
  );
}
