'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { RefundsCard } from './refunds-card';

export function RefundsView() {
  return <ShopGate>{(shop) => <RefundsCard shop={shop} />}</ShopGate>;
}
