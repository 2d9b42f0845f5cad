'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { callApi, type ApiBody } from '@/lib/endpoints/client';
import { reportQueryOptions, type ReportKind } from '@/lib/queries/options';
import type { ReportApiQuery } from '@/lib/queries/keys';
import type { RangeFields } from '@/lib/views/range';
import { toSearch } from '@/lib/views/view';

/** The range of a view's query as a string (a stable hook dependency): `range=…` or `from=…&to=…`, empty for the default. */
export function rangeOfQuery({ range, from, to }: RangeFields): string {
  return toSearch({ range, from, to });
}

type SyncBody = ApiBody<'POST shops/[shopId]/sync'>;

/**
 * Asks for the sync of a range string of rangeOfQuery (`compare`: and of the period the overview
 * compares it with); `extra` says `retry` or `confirm`.
 */
export function askSync(shopId: string, range: string, extra: { retry?: true; confirm?: true } = {}, compare = false) {
  const body = { ...Object.fromEntries(new URLSearchParams(range)), ...extra } as SyncBody;
  return callApi('POST shops/[shopId]/sync', { params: { shopId }, query: compare ? { compare: 1 } : {}, body });
}

/**
 * A report endpoint of the local order store. The report GET never starts a sync (a cross-site
 * GET could); when it says the range needs one, this hook asks for it with POST /sync (same-origin,
 * Origin-checked), once per range and again only after the next answer still says so. While the
 * range syncs it polls (every 2 s while partial, every 10 s while recent days refresh), so
 * progress and data arrive by themselves.
 */
export function useReportQuery<R>(kind: ReportKind, shopId: string, query: ReportApiQuery) {
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
  const longRead = useSyncRequest(shopId, query, {
    needsSync: data?.needsSync === true && !result.isPlaceholderData,
    running: data?.sync.running === true,
    compare: kind === 'overview',
  });
  /** A person's "Retry now" after a failed sync: honoured at once, then the report is asked again. */
  const retrySync = async () => {
    await askSync(shopId, rangeOfQuery(query), { retry: true }, kind === 'overview').catch(() => undefined);
    await result.refetch();
  };
  return Object.assign(result, { retrySync, longRead });
}

/** A long first read the API asked about (CONFIRM_LONG_READ): its question, and the person's "Read it". */
export interface LongReadQuestion {
  question: string;
  confirm: () => Promise<void>;
}

/**
 * Asks for the sync of a view's range (POST /sync: same-origin, Origin-checked) while its answer
 * says the store does not hold it: once per range, and again only after 30 s if the next answer
 * still says so (a failed run is retried later). A GET never starts a sync (a cross-site GET could).
 * A long first read the API refuses without a confirmation (CONFIRM_LONG_READ) is not asked for
 * again: its question is answered, with the person's "Read it" (`confirm: true`), until the range changes.
 */
export function useSyncRequest(
  shopId: string,
  query: RangeFields,
  state: { needsSync: boolean; running: boolean; compare?: boolean },
): LongReadQuestion | null {
  const asked = useRef<{ key: string; at: number } | null>(null);
  const [refused, setRefused] = useState<{ key: string; question: string } | null>(null);
  const { needsSync, running, compare = false } = state;
  const range = rangeOfQuery(query);
  const key = `${compare} ${range}`;
  const waiting = refused?.key === key;
  useEffect(() => {
    if (!needsSync || running || waiting) return;
    if (asked.current?.key === key && Date.now() - asked.current.at < 30_000) return;
    asked.current = { key, at: Date.now() };
    // A failed request shows in the sync status of the next answer; a long read's question here.
    askSync(shopId, range, {}, compare).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'CONFIRM_LONG_READ') setRefused({ key, question: error.message });
    });
  }, [needsSync, running, waiting, key, shopId, compare, range]);
  if (!waiting || !needsSync) return null;
  return {
    question: refused.question,
    confirm: async () => {
      await askSync(shopId, range, { confirm: true }, compare);
      setRefused(null);
    },
  };
}
