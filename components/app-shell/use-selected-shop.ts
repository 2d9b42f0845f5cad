'use client';

import { useEffect } from 'react';
import { useShopsQuery } from '@/lib/queries/use-shops-query';
import { useFrameState } from '@/lib/views/hooks';
import type { ConnectedShop } from '@/lib/api/schemas';

export interface SelectedShop {
  shop: ConnectedShop | undefined;
  shops: ConnectedShop[];
  /** The URL names a shop the key does not have (a stale or edited link). */
  unknownShop: boolean;
  query: ReturnType<typeof useShopsQuery>;
}

/** The shop named by the URL; the first shop when the URL names none. */
export function useSelectedShop(): SelectedShop {
  const query = useShopsQuery();
  const { frame, defaultShop } = useFrameState();
  const shops = query.data?.items ?? [];
  const first = shops[0];
  useEffect(() => {
    if (!frame.shop && first) void defaultShop(first.id);
  }, [frame.shop, first, defaultShop]);
  const shop = shops.find((s) => s.id === frame.shop) ?? (frame.shop ? undefined : first);
  return { shop, shops, unknownShop: Boolean(frame.shop && query.isSuccess && !shop), query };
}
