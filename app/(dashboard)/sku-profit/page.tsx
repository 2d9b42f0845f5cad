import type { Metadata } from 'next';
import { pageFor } from '@/lib/session/page-session';
import { SkuProfitView } from '@/components/sku-profit/sku-profit-view';

export const metadata: Metadata = { title: 'SKU profit' };

/** Per-SKU profit from the local order store; the view reads its state from the URL. */
export default async function SkuProfitPage() {
  await pageFor('view-profit', '/sku-profit');
  return <SkuProfitView />;
}
