import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { SkuCostsView } from '@/components/sku-costs/sku-costs-view';
import { prefetchSkuCostsView } from '@/lib/queries/prefetch';
import { readSkuCostsViewFromUrl } from '@/lib/views/sku-costs';

export const metadata: Metadata = { title: 'SKU costs' };

export default async function SkuCostsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readSkuCostsViewFromUrl(searchParams);
  return (
    <HydrationBoundary state={await prefetchSkuCostsView(view)}>
      <SkuCostsView />
    </HydrationBoundary>
  );
}
