'use client';

import { parseAsStringLiteral, useQueryStates, createParser } from 'nuqs';
import { DEFAULT_PORTFOLIO_CURRENCY, PORTFOLIO_MERGES } from '@/lib/api/portfolio-view';
import { costViewQuery, rangeQuery, type CostViewState, type FrameState } from '@/lib/url-state';

// The "All shops" view state in the URL beside the shared range and cost view (no shop: every shop
// is shown), with the API's names, so the page, its exports and a copied link ask the same question.

const parseAsCurrency = createParser<string>({
  parse: (value) => (/^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : null),
  serialize: (value) => value,
});

const allShopsParsers = {
  currency: parseAsCurrency.withDefault(DEFAULT_PORTFOLIO_CURRENCY),
  merge: parseAsStringLiteral(PORTFOLIO_MERGES).withDefault('sellerSku'),
  cancelled: parseAsStringLiteral(['exclude', 'include'] as const).withDefault('exclude'),
  samples: parseAsStringLiteral(['separate', 'include'] as const).withDefault('separate'),
};

export function useAllShopsState() {
  return useQueryStates(allShopsParsers, { history: 'push', scroll: false });
}

export type AllShopsView = ReturnType<typeof useAllShopsState>[0];

/** The portfolio API's query for a frame and a view (defaults included: one cache key per view). */
export function portfolioApiQuery(
  frame: Pick<FrameState, 'range' | 'from' | 'to'>,
  view: AllShopsView,
  costView: CostViewState,
): string {
  const params = new URLSearchParams(rangeQuery(frame));
  params.set('currency', view.currency);
  params.set('merge', view.merge);
  params.set('cancelled', view.cancelled);
  params.set('samples', view.samples);
  // Only whether the seller's costs count: each shop's ad spend and expenses stay whole-shop lines here.
  if (costViewQuery(costView).costs) params.set('costs', 'service');
  return params.toString();
}
