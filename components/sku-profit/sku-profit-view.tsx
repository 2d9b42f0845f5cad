'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { SkuProfitCard } from './sku-profit-card';

export function SkuProfitView() {
  return <ShopGate>{(shop) => <SkuProfitCard shop={shop} />}</ShopGate>;
}
