'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { shopApiPath } from '@/lib/api/paths';
import { useClosedMonthsWrite } from './closed-months';
import { dashboardKeys } from './keys';

// Writes of the seller's cost inputs. Each one changes net profit on every page of the shop, so a
// success invalidates the inputs, the SKU costs pages AND every report of that shop (SKU profit, overview, the all-shops
// view): a seller who adds ad spend and opens the overview sees it counted, not a cached figure.

export type CostWriteMethod = 'POST' | 'PUT' | 'DELETE';

export interface CostWrite {
  method: CostWriteMethod;
  /** Below `/api/dashboard/shops/{shopId}/your-costs`, e.g. `ad-spend`, `expenses/{id}`, `undo`. */
  path: string;
  body?: unknown;
}

/** The path of a cost entry of a kind (its registry `path`, lib/costs/kinds): `ad-spend/{id}`. */
export function costEntryPath(kind: string, id?: string): string {
  return id ? `${kind}/${encodeURIComponent(id)}` : kind;
}

/**
 * One write to the costs API; the caller passes what it needs back (`T`). A preview (an import or
 * restore without `commit`) writes nothing, so it invalidates nothing: pass `invalidate: false`.
 */
export function useCostWrite<T>(shopId: string) {
  const client = useQueryClient();
  // A write into a closed month asks the person first (lib/queries/closed-months).
  const guarded = useClosedMonthsWrite();
  return useMutation({
    mutationFn: ({ method, path, body }: CostWrite & { invalidate?: boolean }) =>
      guarded((headers) => fetchJson<T>(shopApiPath(shopId, `your-costs/${path}`), { method, body, headers })),
    // Returning the refetch keeps the write pending until the lists show it: the confirmation and
    // the new figures appear together, never a "Saved" over the old amount.
    onSuccess: async (_data, write) => {
      if (write.invalidate === false) return;
      await invalidateCosts(client, shopId);
    },
  });
}

/** After a write of the shop's inputs: every query that counts them is read again. */
export function invalidateCosts(client: QueryClient, shopId: string): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: dashboardKeys.yourCosts(shopId) }),
    client.invalidateQueries({ queryKey: dashboardKeys.reports(shopId) }),
    // The SKU costs page shows each SKU's unit cost in effect beside the catalog's.
    client.invalidateQueries({ queryKey: dashboardKeys.productPages(shopId) }),
    // Every shop in one view (All shops, keyed ['dashboard', 'all-shops', query]) sums this shop too.
    client.invalidateQueries({ queryKey: [...dashboardKeys.all, 'all-shops'] }),
  ]);
}
