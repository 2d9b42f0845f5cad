import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchSettlementView } from '@/lib/queries/prefetch';
import { readViewFromUrl } from '@/lib/views/view';
import { settlementView } from '@/lib/views/settlement';
import { SettlementView } from '@/components/settlement/settlement-view';

export const metadata: Metadata = { title: 'Settlement' };

/** How far estimated profit moved at settlement, from the local order store; the view reads its state from the URL, and its figures come in the HTML. */
export default async function SettlementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readViewFromUrl(settlementView)(searchParams);
  return (
    <HydrationBoundary state={await prefetchSettlementView(view)}>
      <SettlementView />
    </HydrationBoundary>
  );
}
