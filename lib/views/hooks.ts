'use client';

import { useCallback } from 'react';
import { parseAsArrayOf, parseAsString, useQueryState, useQueryStates } from 'nuqs';
import { frameView } from './frame';
import { orderFilterFields, ordersView } from './orders';
import { productFilterFields, skuCostsView } from './sku-costs';
import { costViewFields } from './switches';
import { defineView, type View, type ViewState } from './view';
import type { Fields } from './field';

// The browser's side of the views: each page reads and sets its view in the URL with its view's
// parsers. Navigations a person would want to step back through (another shop, range, page, sort,
// filter) push a history entry; everything that changes what is listed sends the user back to page 1.

const push = { history: 'push', scroll: false } as const;

/** A page's view in the URL: its values and the setter (null restores a default). */
export function useViewState<F extends Fields>(view: View<F>) {
  return useQueryStates(view.parsers, push);
}

const frameWithPage = defineView({ ...frameView.fields, page: ordersView.fields.page });

export function useFrameState() {
  const [frame, setFrame] = useQueryStates(frameWithPage.parsers, push);
  const selectShop = useCallback((shop: string) => setFrame({ shop, page: null }), [setFrame]);
  const selectPreset = useCallback(
    (range: (typeof frame)['range']) => setFrame({ range, from: null, to: null, page: null }),
    [setFrame],
  );
  const selectCustom = useCallback(
    (from: string, to: string) => setFrame({ range: 'custom', from, to, page: null }),
    [setFrame],
  );
  /** Fills in a shop when the URL names none, without adding a history entry. */
  const defaultShop = useCallback((shop: string) => setFrame({ shop }, { history: 'replace' }), [setFrame]);
  return { frame, selectShop, selectPreset, selectCustom, defaultShop };
}

const costView = defineView(costViewFields);

/** The cost view (the seller's costs or the service's figures only; allocation), shared by the report pages. */
export function useCostViewState() {
  return useViewState(costView);
}

/** A paged view with a filter form: applying the form replaces every filter and goes back to page 1. */
function usePagedView<F extends Fields, G extends Partial<F>>(view: View<F>, filterFields: G) {
  const [state, setView] = useViewState(view);
  const setFilters = useCallback(
    (filters: Partial<ViewState<F>>) => setView({ ...blank(filterFields), ...filters, page: null } as never),
    [setView, filterFields],
  );
  return { view: state, setView, setFilters };
}

export function useOrdersViewState() {
  return usePagedView(ordersView, orderFilterFields);
}

export function useSkuCostsViewState() {
  return usePagedView(skuCostsView, productFilterFields);
}

/** Every key of a field map set to null. */
function blank<T extends object>(fields: T): { [K in keyof T]: null } {
  return Object.fromEntries(Object.keys(fields).map((k) => [k, null])) as { [K in keyof T]: null };
}

/**
 * The optional table columns a seller chose to see, in the URL (`cols=sellerSku,units`): a copied
 * link shows the same columns, and the server renders the chosen columns on a direct load (a
 * localStorage choice would only appear after hydration, shifting the table under the reader).
 * Toggling replaces the history entry: it changes how the view looks, not what it lists.
 */
export function useShownColumnsState() {
  return useQueryState('cols', parseAsArrayOf(parseAsString).withOptions({ history: 'replace', scroll: false }));
}
