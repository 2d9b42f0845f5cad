'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { SettlementCard } from './settlement-card';

export function SettlementView() {
  return <ShopGate>{(shop) => <SettlementCard shop={shop} />}</ShopGate>;
}
