'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { PnlByMonthCard } from './pnl-by-month-card';

export function PnlByMonthView() {
  return <ShopGate>{(shop) => <PnlByMonthCard shop={shop} />}</ShopGate>;
}
