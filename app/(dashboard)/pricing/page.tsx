import type { Metadata } from 'next';
import { PricingView } from '@/components/pricing/pricing-view';

export const metadata: Metadata = { title: 'Pricing' };

/** Per-SKU break-even and target prices and the what-if, from the local order store; the view reads its state from the URL. */
export default function PricingPage() {
  return <PricingView />;
}
