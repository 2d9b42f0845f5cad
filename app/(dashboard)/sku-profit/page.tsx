import type { Metadata } from 'next';
import { SkuProfitView } from '@/components/sku-profit/sku-profit-view';

export const metadata: Metadata = { title: 'SKU profit' };

/** Per-SKU profit from the local order store; the view reads its state from the URL. */
export default function SkuProfitPage() {
  return <SkuProfitView />;
}
