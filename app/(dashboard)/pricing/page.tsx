import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchPricingView } from '@/lib/queries/prefetch';
import { readViewFromUrl } from '@/lib/views/view';
import { pricingView } from '@/lib/views/pricing';
import { PRICING_OPENING_RANGE } from '@/lib/views/pricing-opening';
import { PricingView } from '@/components/pricing/pricing-view';

export const metadata: Metadata = { title: 'Pricing' };

/** Per-SKU break-even and target prices and the what-if, from the local order store; the view reads its state from the URL, and its SKUs come in the HTML. */
// An address without a range (typed or bookmarked) is sent on to the opening range; the nav links there directly.
export default async function PricingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  if (params.range === undefined && params.from === undefined) {
    const address = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) for (const one of [value ?? []].flat()) address.append(key, one);
    address.set('range', PRICING_OPENING_RANGE);
    redirect(`/pricing?${address}`);
  }
  const view = await readViewFromUrl(pricingView)(params);
  return (
    <HydrationBoundary state={await prefetchPricingView(view)}>
      <PricingView />
    </HydrationBoundary>
  );
}
