'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { allShopsQueryOptions } from '@/lib/queries/options';
import type { AllShopsApiQuery } from '@/lib/queries/keys';
import { askSync, rangeOfQuery } from '@/components/sync/use-report-query';

/**
 * Every shop in one currency. Like useReportQuery, the GET starts nothing: each shop whose range
 * needs a sync is asked once with its own POST /sync (same-origin, Origin-checked), again only
 * 30 s later if the answer still says so; while any shop is partial the answer is polled.
 */
export function useAllShopsQuery(query: AllShopsApiQuery) {
  const result = useQuery({
    ...allShopsQueryOptions(query),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => {
      const shops = q.state.data?.shops ?? [];
      if (shops.some((s) => s.partial)) return 2_000;
      return shops.some((s) => s.sync.running || s.needsSync) ? 10_000 : false;
    },
  });
  const asked = useRef(new Map<string, number>());
  const data = result.isPlaceholderData ? undefined : result.data;
  const waiting = (data?.shops ?? [])
    .filter((s) => s.needsSync && !s.sync.running)
    .map((s) => s.shop.id)
    .join(',');
  const range = rangeOfQuery(query);
  useEffect(() => {
    if (!waiting) return;
    for (const shopId of waiting.split(',')) {
      const key = `${shopId} ${range}`;
      const at = asked.current.get(key);
      if (at !== undefined && Date.now() - at < 30_000) continue;
      asked.current.set(key, Date.now());
      // A refused or failed request shows in that shop's sync status of the next answer.
      askSync(shopId, range).catch(() => undefined);
    }
  }, [waiting, range]);
  return result;
}
