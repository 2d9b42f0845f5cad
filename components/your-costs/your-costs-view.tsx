'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { YourCostsPanel } from './your-costs-panel';

/** The "Your costs" page: the seller's inputs for the selected shop. */
export function YourCostsView() {
  return <ShopGate>{(shop) => <YourCostsPanel key={shop.id} shop={shop} />}</ShopGate>;
}
