'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { OverviewCard } from './overview-card';

export function OverviewView() {
  return <ShopGate>{(shop) => <OverviewCard shop={shop} />}</ShopGate>;
}
