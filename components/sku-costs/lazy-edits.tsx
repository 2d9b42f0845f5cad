'use client';

import { lazy, useEffect } from 'react';

// The unit cost form and the import dialog open on a click, and only for people who may edit
// costs, so they are not in the SKU costs page's first load (they bring the write schemas, zod and
// the CSV reader): each is its own chunk, fetched once the page has hydrated for an editor.

const loadForm = () => import('./unit-cost-form');
const loadImport = () => import('@/components/your-costs/csv-import-dialog');

export const LazyUnitCostForm = lazy(() => loadForm().then((m) => ({ default: m.UnitCostForm })));
export const LazyCsvImportDialog = lazy(() => loadImport().then((m) => ({ default: m.CsvImportDialog })));

/** Fetches both after hydration for a person who may edit costs (nobody else can open them). */
export function usePreloadUnitCostEdits(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // A failure is left to the moment a part is opened.
    loadForm().catch(() => undefined);
    loadImport().catch(() => undefined);
  }, [enabled]);
}
