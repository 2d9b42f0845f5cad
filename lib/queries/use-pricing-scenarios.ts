'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import { shopApiPath } from '@/lib/api/paths';
import type { SavedScenario, ScenarioBody, ScenarioList } from '@/lib/pricing/scenario-schemas';
import { dashboardKeys } from './keys';

// The Pricing page's saved scenarios (docs/ARCHITECTURE.md#pricing): the list, saving and deleting.
// Only the list is asked again: a saved scenario is text, no report changes.

export function usePricingScenarios(shopId: string) {
  return useQuery({
    queryKey: dashboardKeys.pricingScenarios(shopId),
    queryFn: ({ signal }) => fetchJson<ScenarioList>(shopApiPath(shopId, 'pricing/scenarios'), { signal }),
  });
}

export function useSaveScenario(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScenarioBody) =>
      fetchJson<SavedScenario>(shopApiPath(shopId, 'pricing/scenarios'), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.pricingScenarios(shopId) }),
  });
}

export function useDeleteScenario(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ deleted: string }>(shopApiPath(shopId, `pricing/scenarios/${encodeURIComponent(id)}`), {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.pricingScenarios(shopId) }),
  });
}
