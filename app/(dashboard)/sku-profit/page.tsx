import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchSkuProfitView } from '@/lib/queries/prefetch';
import { readViewFromUrl } from '@/lib/views/view';
import { skuProfitView } from '@/lib/views/sku-profit';
import { SkuProfitView } from '@/components/sku-profit/sku-profit-view';

export const metadata: Metadata = { title: 'SKU profit' };

/** Per-SKU profit from the local order store; the view reads its state from the URL, and its first rows come in the HTML. */
export default async function SkuProfitPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readViewFromUrl(skuProfitView)(searchParams);
  return (
    <HydrationBoundary state={await prefetchSkuProfitView(view)}>
      <SkuProfitView />
    </HydrationBoundary>
  );
}
