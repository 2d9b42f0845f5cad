'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fetchJson } from '@/lib/api/fetch-json';
import { reportQueryOptions, type ReportKind } from '@/lib/queries/options';
import { shopApiPath } from '@/lib/api/paths';

/** The range fields of a report query, as the body of POST /sync. */
export function rangeBody(query: string): Record<string, string> {
  const params = new URLSearchParams(query);
  const body: Record<string, string> = {};
  for (const key of ['range', 'from', 'to']) {
    const value = params.get(key);
    if (value) body[key] = value;
  }
  return body;
}

/**
 * A report endpoint of the local order store. The report GET never starts a sync (a cross-site
 * GET could); when it says the range needs one, this hook asks for it with POST /sync (same-origin,
 * Origin-checked), once per range and again only after the next answer still says so. While the
 * range syncs it polls (every 2 s while partial, every 10 s while recent days refresh), so
 * progress and data arrive by themselves.
 */
export function useReportQuery<R>(kind: ReportKind, shopId: string, query: string) {
  const result = useQuery({
    ...reportQueryOptions<R>(kind, shopId, query),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!data) return false;
      if (data.sync.state === 'failed' && !data.sync.running) return 30_000;
      if (data.partial) return 2_000;
      // Recent days refreshing (or about to be): today is read live anyway, so a slower poll suffices.
      return data.sync.running || data.needsSync ? 10_000 : false;
    },
  });
  const data = result.data;
  useSyncRequest(shopId, query, {
    needsSync: data?.needsSync === true && !result.isPlaceholderData,
    running: data?.sync.running === true,
    compare: kind === 'overview',
  });
  /** A person's "Retry now" after a failed sync: honoured at once, then the report is asked again. */
  const retrySync = async () => {
    const path = shopApiPath(shopId, 'sync', kind === 'overview' ? 'compare=1' : undefined);
    await fetchJson(path, { method: 'POST', body: { ...rangeBody(query), retry: true } }).catch(() => undefined);
    await result.refetch();
  };
  return Object.assign(result, { retrySync });
}

/**
 * Asks for the sync of a view's range (POST /sync: same-origin, Origin-checked) while its answer
 * says the store does not hold it: once per range, and again only after 30 s if the next answer
 * still says so (a failed run is retried later). A GET never starts a sync (a cross-site GET could).
 */
export function useSyncRequest(
  shopId: string,
  query: string,
  state: { needsSync: boolean; running: boolean; compare?: boolean },
) {
  const asked = useRef<{ key: string; at: number } | null>(null);
  const { needsSync, running, compare = false } = state;
  useEffect(() => {
    if (!needsSync || running) return;
    const key = `${compare} ${query}`;
    if (asked.current?.key === key && Date.now() - asked.current.at < 30_000) return;
    asked.current = { key, at: Date.now() };
    const path = shopApiPath(shopId, 'sync', compare ? 'compare=1' : undefined);
    // A refused or failed request shows in the sync status of the next answer; nothing to add here.
    fetchJson(path, { method: 'POST', body: rangeBody(query) }).catch(() => undefined);
  }, [needsSync, running, compare, query, shopId]);
}
