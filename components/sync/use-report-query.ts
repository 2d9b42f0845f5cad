'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api/fetch-json';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { dashboardKeys } from '@/lib/queries/keys';
import { shopApiPath } from '@/lib/api/paths';

/**
 * A report endpoint of the local order store. While the range syncs it polls (every 2 s until
 * the report exists, every 10 s while recent days refresh), so progress and data arrive by themselves.
 */
export function useReportQuery<R>(kind: 'skus' | 'overview', shopId: string, query: string) {
  return useQuery({
    queryKey: [...dashboardKeys.shop(shopId), 'reports', kind, query] as const,
    queryFn: ({ signal }) =>
      fetchJson<ReportEnvelope<R>>(shopApiPath(shopId, `reports/${kind}`, query), { signal }),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data) return false;
      if (data.sync.state === 'failed' && !data.sync.running) return 30_000;
      if (!data.report) return 2_000;
      return data.sync.running ? 10_000 : false;
    },
  });
}
