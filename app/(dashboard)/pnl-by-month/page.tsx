import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchPnlByMonthView } from '@/lib/queries/prefetch';
import { readViewFromUrl } from '@/lib/views/view';
import { pnlByMonthView } from '@/lib/views/pnl-by-month';
import { PnlByMonthView } from '@/components/pnl-by-month/pnl-by-month-view';

export const metadata: Metadata = { title: 'P&L by month' };

/** The profit-and-loss statement month by month, from the local order store; the view reads its state from the URL, and the statement comes in the HTML. */
export default async function PnlByMonthPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readViewFromUrl(pnlByMonthView)(searchParams);
  return (
    <HydrationBoundary state={await prefetchPnlByMonthView(view)}>
      <PnlByMonthView />
    </HydrationBoundary>
  );
}
