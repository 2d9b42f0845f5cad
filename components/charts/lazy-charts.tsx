'use client';

import dynamic from 'next/dynamic';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';

// recharts is loaded with the card that draws a chart, never with the other pages: each chart is
// its own chunk, fetched when first shown (in the browser only: it measures its box).

function ChartLoading() {
  return <LoadingSkeleton label="Loading chart…" rows={4} />;
}

export const LazyProfitChart = dynamic(() => import('./profit-chart').then((m) => m.ProfitChart), {
  ssr: false,
  loading: ChartLoading,
});

export const LazyRefundsChart = dynamic(() => import('./refunds-chart').then((m) => m.RefundsChart), {
  ssr: false,
  loading: ChartLoading,
});
