import type { Metadata } from 'next';
import type { SearchParams } from 'nuqs/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { OrdersView } from '@/components/orders/orders-view';
import { prefetchOrdersView } from '@/lib/queries/prefetch';
import { readOrdersViewFromUrl } from '@/lib/views/orders';

export const metadata: Metadata = { title: 'Orders' };

export default async function OrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const view = await readOrdersViewFromUrl(searchParams);
  return (
    <HydrationBoundary state={await prefetchOrdersView(view)}>
      <OrdersView />
    </HydrationBoundary>
  );
}
