'use client';

import { parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { SKU_SORT_KEYS } from '@/lib/reports/sort-keys';
import { rangeQuery } from '@/lib/url-state';
import type { FrameState } from '@/lib/url-state';

// The SKU profit page's view state lives in the URL (search, sort, switches) beside the shared frame,
// with the same names as the API's query, so the table and its export ask the same question.

const skuViewParsers = {
  q: parseAsString,
  sort: parseAsStringLiteral(SKU_SORT_KEYS).withDefault('netProfit'),
  dir: parseAsStringLiteral(['asc', 'desc'] as const).withDefault('desc'),
  cancelled: parseAsStringLiteral(['exclude', 'include'] as const).withDefault('exclude'),
  samples: parseAsStringLiteral(['separate', 'include'] as const).withDefault('separate'),
};

export function useSkuViewState() {
  return useQueryStates(skuViewParsers, { history: 'push', scroll: false });
}

export type SkuView = ReturnType<typeof useSkuViewState>[0];

/** The report API's query string for a frame and a view (defaults included: one cache key per view). */
export function skuApiQuery(frame: Pick<FrameState, 'range' | 'from' | 'to'>, view: SkuView): string {
  const params = new URLSearchParams(rangeQuery(frame));
  if (view.q?.trim()) params.set('q', view.q.trim());
  params.set('sort', view.sort);
  params.set('dir', view.dir);
  params.set('cancelled', view.cancelled);
  params.set('samples', view.samples);
  return params.toString();
}
