'use client';

import { ShopGate } from '@/components/app-shell/shop-gate';
import { useOrdersViewState } from '@/lib/views/hooks';
import type { ConnectedShop } from '@/lib/api/schemas';
import { OrdersPanel } from './orders-panel';

/** The orders page: one server-paginated table of the selected shop and range. */
export function OrdersView() {
  return <ShopGate>{(shop) => <OrdersForShop shop={shop} />}</ShopGate>;
}

function OrdersForShop({ shop }: { shop: ConnectedShop }) {
  const state = useOrdersViewState();
  return <OrdersPanel shop={shop} {...state} />;
}
