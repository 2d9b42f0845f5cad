'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { PricingCard } from './pricing-card';

export function PricingView() {
  return <ShopGate>{(shop) => <PricingCard shop={shop} />}</ShopGate>;
}
