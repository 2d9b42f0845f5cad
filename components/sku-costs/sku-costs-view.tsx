'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { useSkuCostsViewState } from '@/lib/views/hooks';
import type { ConnectedShop } from '@/lib/api/schemas';
import { SkuCostsPanel } from './sku-costs-panel';

/** The SKU costs page: the catalog, one row per SKU, with its unit economics. */
export function SkuCostsView() {
  return <ShopGate>{(shop) => <SkuCostsForShop shop={shop} />}</ShopGate>;
}

function SkuCostsForShop({ shop }: { shop: ConnectedShop }) {
  const state = useSkuCostsViewState();
  return <SkuCostsPanel shop={shop} {...state} />;
}
