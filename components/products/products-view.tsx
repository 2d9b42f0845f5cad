'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { useProductsViewState } from '@/lib/url-state/hooks';
import type { ConnectedShop } from '@/lib/api/schemas';
import { ProductsPanel } from './products-panel';

/** The SKU costs page: the catalog, one row per SKU, with its unit economics. */
export function ProductsView() {
  return <ShopGate>{(shop) => <ProductsForShop shop={shop} />}</ShopGate>;
}

function ProductsForShop({ shop }: { shop: ConnectedShop }) {
  const state = useProductsViewState();
  return <ProductsPanel shop={shop} {...state} />;
}
