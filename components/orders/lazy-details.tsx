'use client';

import { lazy, useEffect } from 'react';

// An order's P&L and the explanation of a figure open on a click, so they are not in the orders
// page's first load: each is its own chunk, fetched once the page has hydrated (the first click
// then finds it there) or at the latest when first opened. Nothing is expanded or explained in the
// server render, so hydration never waits on them.

const loadPnlPanel = () => import('./order-pnl-panel');
const loadExplainDialog = () => import('./explain-dialog');

export const LazyOrderPnlPanel = lazy(() => loadPnlPanel().then((m) => ({ default: m.OrderPnlPanel })));
export const LazyExplainDialog = lazy(() => loadExplainDialog().then((m) => ({ default: m.ExplainDialog })));

/** Fetches both parts after hydration, for a viewer who sees profit (nobody else can open them). */
export function usePreloadOrderDetails(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // A failure is left to the moment a part is opened.
    loadPnlPanel().catch(() => undefined);
    loadExplainDialog().catch(() => undefined);
  }, [enabled]);
}
