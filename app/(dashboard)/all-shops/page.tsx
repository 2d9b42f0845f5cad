import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchAllShopsView } from '@/lib/queries/prefetch';
import { readViewFromUrl } from '@/lib/views/view';
import { allShopsView } from '@/lib/views/all-shops';
import { AllShopsView } from '@/components/all-shops/all-shops-view';

export const metadata: Metadata = { title: 'All shops' };

/** Every shop of the key in one currency; the view reads its state from the URL, and the shops' totals come in the HTML. */
export default async function AllShopsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readViewFromUrl(allShopsView)(searchParams);
  return (
    <HydrationBoundary state={await prefetchAllShopsView(view)}>
      <AllShopsView />
    </HydrationBoundary>
  );
}
