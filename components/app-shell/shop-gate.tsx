'use client';

import type { ReactNode } from 'react';
import type { ConnectedShop } from '@/lib/api/schemas';
import { ErrorState } from '@/components/states/error-state';
import { EmptyState } from '@/components/states/empty-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { useSelectedShop } from './use-selected-shop';

export interface ShopGateProps {
  children: (shop: ConnectedShop) => ReactNode;
}

/** Renders a page only once its shop is known; otherwise says why not (loading, error, none). */
export function ShopGate({ children }: ShopGateProps) {
  const { shop, shops, unknownShop, query } = useSelectedShop();
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (unknownShop) {
    return (
      <ErrorState
        error={{ code: 'SHOP_NOT_FOUND', message: 'The shop in this link is not connected to the configured app key. Pick another shop above.' }}
      />
    );
  }
  if (query.isSuccess && shops.length === 0) {
    return <EmptyState title="No shops yet" reason="The configured app key has no active shop connected to it." />;
  }
  if (!shop) return <LoadingSkeleton label="Loading shops…" />;
  return children(shop);
}
