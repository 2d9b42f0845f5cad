import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { SkuCostsView } from '@/components/sku-costs/sku-costs-view';
import { prefetchProductsView } from '@/lib/queries/prefetch';
import { readProductsViewFromUrl } from '@/lib/url-state';

export const metadata: Metadata = { title: 'SKU costs' };

export default async function SkuCostsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readProductsViewFromUrl(searchParams);
  return (
    <HydrationBoundary state={await prefetchProductsView(view)}>
      <SkuCostsView />
    </HydrationBoundary>
  );
}
