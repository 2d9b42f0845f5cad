'use client';

import { lazy, useEffect, type ComponentProps } from 'react';
import type { CsvImportDialog } from '@/components/your-costs/csv-import-dialog';
import { loadHistoryWords } from '@/components/your-costs/save-notice';

// The unit cost form and the import dialog open on a click, and only for people who may edit
// costs, so they are not in the SKU costs page's first load (they bring the write schemas, zod and
// the CSV reader): each is its own chunk, fetched once the page has hydrated for an editor.

const loadForm = () => import('./unit-cost-form');
const loadImport = () =>
  Promise.all([import('@/components/your-costs/csv-import-dialog'), import('@/lib/costs/kind-cogs')]);

export const LazyUnitCostForm = lazy(() => loadForm().then((m) => ({ default: m.UnitCostForm })));
/** The one import dialog configured for unit costs (the registry's kind comes with the chunk). */
export const LazyCogsImportDialog = lazy(() =>
  loadImport().then(([dialog, { COGS_KIND }]) => ({
    default: (props: Omit<ComponentProps<typeof CsvImportDialog>, 'kind'>) => (
      <dialog.CsvImportDialog kind={COGS_KIND} {...props} />
    ),
  })),
);

/** Fetches both after hydration for a person who may edit costs (nobody else can open them). */
export function usePreloadUnitCostEdits(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    // A failure is left to the moment a part is opened.
    loadForm().catch(() => undefined);
    loadImport().catch(() => undefined);
    loadHistoryWords().catch(() => undefined);
  }, [enabled]);
}
