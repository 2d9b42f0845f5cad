'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/endpoints/client';
import type { ScenarioBody } from '@/lib/pricing/scenario-schemas';
import { dashboardKeys } from './keys';

// The Pricing page's saved scenarios (docs/ARCHITECTURE.md#pricing): the list, saving and deleting.
// Only the list is asked again: a saved scenario is text, no report changes.

export function usePricingScenarios(shopId: string) {
  return useQuery({
    queryKey: dashboardKeys.pricingScenarios(shopId),
    queryFn: ({ signal }) => callApi('GET shops/[shopId]/pricing/scenarios', { params: { shopId } }, { signal }),
  });
}

export function useSaveScenario(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScenarioBody) => callApi('POST shops/[shopId]/pricing/scenarios', { params: { shopId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.pricingScenarios(shopId) }),
  });
}

export function useDeleteScenario(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('DELETE shops/[shopId]/pricing/scenarios/[id]', { params: { shopId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardKeys.pricingScenarios(shopId) }),
  });
}
