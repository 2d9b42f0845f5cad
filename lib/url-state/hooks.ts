'use client';

import { useCallback } from 'react';
import { parseAsArrayOf, parseAsString, useQueryState, useQueryStates } from 'nuqs';
import {
  allShopsParsers,
  skuViewParsers,
  costViewParsers,
  frameParsers,
  orderFilterParsers,
  ordersViewParsers,
  productFilterParsers,
  productsViewParsers,
  type OrderFilters,
  type ProductFilters,
} from './parsers';

// Client side of the URL state. Navigations a person would want to step back through (another
// shop, range, page, sort, filter) push a history entry; everything that changes what is
// listed sends the user back to page 1.

const push = { history: 'push', scroll: false } as const;

export function useFrameState() {
  const [frame, setFrame] = useQueryStates({ ...frameParsers, page: ordersViewParsers.page }, push);
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

/** The cost view (the seller's costs or the service's figures only; allocation), shared by the report pages. */
export function useCostViewState() {
  return useQueryStates(costViewParsers, push);
}

export function useOrdersViewState() {
  const [view, setView] = useQueryStates(ordersViewParsers, push);
  const setFilters = useCallback(
    (filters: Partial<OrderFilters>) => setView({ ...blank(orderFilterParsers), ...filters, page: null }),
    [setView],
  );
  return { view, setView, setFilters };
}

export function useProductsViewState() {
  const [view, setView] = useQueryStates(productsViewParsers, push);
  const setFilters = useCallback(
    (filters: Partial<ProductFilters>) => setView({ ...blank(productFilterParsers), ...filters, page: null }),
    [setView],
  );
  return { view, setView, setFilters };
}

/** Every key of a parser map set to null: applying a filter form replaces all its fields. */
function blank<T extends object>(parsers: T): { [K in keyof T]: null } {
  return Object.fromEntries(Object.keys(parsers).map((k) => [k, null])) as { [K in keyof T]: null };
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

/** The SKU profit page's search, sort and switches. */
export function useSkuViewState() {
  return useQueryStates(skuViewParsers, push);
}

/** The All shops page's currency, SKU merge and switches. */
export function useAllShopsState() {
  return useQueryStates(allShopsParsers, push);
}
