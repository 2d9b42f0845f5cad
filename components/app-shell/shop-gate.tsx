'use client';

import type { ReactNode } from 'react';
import type { ConnectedShop } from '@/lib/api/schemas';
import { ErrorState } from '@/components/states/error-state';
import { EmptyState } from '@/components/states/empty-state';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import { WaitNotice } from '@/components/states/wait-notice';
import { useFrameState } from '@/lib/views/hooks';
import { useSelectedShop } from './use-selected-shop';
import { useViewer } from './viewer';
import { seesAllShops } from '@/lib/team/roles';

export interface ShopGateProps {
  children: (shop: ConnectedShop) => ReactNode;
}

/** Renders a page only once its shop is known; otherwise says why not (loading, error, none). */
export function ShopGate({ children }: ShopGateProps) {
  const { shop, shops, unknownShop, query } = useSelectedShop();
  const { selectShop } = useFrameState();
  // A person with grants reads whom to ask; the sentence is the same whether the shop exists or not.
  const askForAccess = !seesAllShops(useViewer().role);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (unknownShop) {
    return (
      <div className="state-block alert alert-error" role="alert">
        <p className="state-title">This shop is not available</p>
        <p>
          The shop in this link is not among the shops you can open.
          {askForAccess ? ' If you need it, ask an owner or an admin to give you access to it.' : ''} Open one of yours:
          the rest of the link is kept.
        </p>
        <div className="state-actions">
          {/* Switching shop keeps the range and filters of the link (selectShop only resets the page). */}
          {shops.slice(0, 6).map((s) => (
            <button key={s.id} type="button" className="btn" onClick={() => void selectShop(s.id)}>
              Open {s.shopName}
            </button>
          ))}
        </div>
      </div>
    );
  }
  if (query.isSuccess && shops.length === 0) {
    return (
      <EmptyState
        title="No shops yet"
        reason={
          askForAccess
            ? 'No shop has been shared with you yet: ask an owner or an admin to give you access to one.'
            : 'The configured app key has no active shop connected to it.'
        }
      />
    );
  }
  if (!shop) {
    return (
      <>
        <WaitNotice fetching={query.isFetching} failureCount={query.failureCount} />
        <LoadingSkeleton label="Loading shops…" />
      </>
    );
  }
  return children(shop);
}
