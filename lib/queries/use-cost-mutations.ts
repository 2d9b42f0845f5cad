'use client';

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/endpoints/client';
import { useClosedMonthsWrite } from './closed-months';
import { dashboardKeys } from './keys';

// Writes of the seller's cost inputs. Each one changes net profit on every page of the shop, so a
// success invalidates the inputs, the SKU costs pages AND every report of that shop (SKU profit, overview, the all-shops
// view): a seller who adds ad spend and opens the overview sees it counted, not a cached figure.

export type CostWriteMethod = 'POST' | 'PUT' | 'DELETE';

export interface CostWrite {
  method: CostWriteMethod;
  /** Below the shop's `your-costs/`, e.g. `ad-spend`, `expenses/{id}`, `undo`: costEndpoint names its endpoint. */
  path: string;
  body?: unknown;
}

/** The path of a cost entry of a kind (its registry `path`, lib/costs/kinds): `ad-spend/{id}`. */
export function costEntryPath(kind: string, id?: string): string {
  return id ? `${kind}/${encodeURIComponent(id)}` : kind;
}

/** The cost writes that are not a kind's entry, by their path below `your-costs/`. */
const OWN_ENDPOINTS = {
  undo: 'POST shops/[shopId]/your-costs/undo',
  backup: 'POST shops/[shopId]/your-costs/backup',
  'ad-spend/import': 'POST shops/[shopId]/your-costs/ad-spend/import',
  'cogs/import': 'POST shops/[shopId]/your-costs/cogs/import',
} as const;
type CostKey =
  | (typeof OWN_ENDPOINTS)[keyof typeof OWN_ENDPOINTS]
  | 'POST shops/[shopId]/your-costs/[kind]'
  | `${'PUT' | 'DELETE'} shops/[shopId]/your-costs/[kind]/[id]`;

/** The declared endpoint of a cost write and its path parameters. */
function costEndpoint(shopId: string, { method, path }: CostWrite): { key: CostKey; params: Record<string, string> } {
  if (method === 'POST' && path in OWN_ENDPOINTS)
    return { key: OWN_ENDPOINTS[path as keyof typeof OWN_ENDPOINTS], params: { shopId } };
  const [kind = '', id] = path.split('/');
  if (id === undefined) return { key: 'POST shops/[shopId]/your-costs/[kind]', params: { shopId, kind } };
  const key =
    method === 'DELETE' ? 'DELETE shops/[shopId]/your-costs/[kind]/[id]' : 'PUT shops/[shopId]/your-costs/[kind]/[id]';
  return { key, params: { shopId, kind, id: decodeURIComponent(id) } };
}

/** A cost write's call: each endpoint's body is what its form built and checked. */
const callCost = callApi as unknown as (
  key: CostKey,
  inputs: { params: Record<string, string>; body?: unknown },
  options: { headers?: Record<string, string> },
) => Promise<unknown>;

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
      guarded((headers) => {
        const { key, params } = costEndpoint(shopId, { method, path });
        return callCost(key, { params, body }, { headers }) as Promise<T>;
      }),
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
