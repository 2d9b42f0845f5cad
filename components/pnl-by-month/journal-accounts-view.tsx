'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { JournalAccountsCard } from './journal-accounts-card';

export function JournalAccountsView() {
  return <ShopGate>{(shop) => <JournalAccountsCard shop={shop} />}</ShopGate>;
}
