'use client';

import { Suspense } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { ServerTable } from '@/components/data-table/use-server-table';
import { LoadingSkeleton } from '@/components/states/loading-skeleton';
import type { OnSaved } from '@/components/your-costs/use-cost-form';
import type { ConnectedShop } from '@/lib/api/schemas';
import { LazyUnitCostForm } from './lazy-edits';
import type { SkuCostRow } from './sku-cost-rows';
import { EditingRowContext } from './use-unit-cost-editing';

export interface SkuCostsTableProps {
  table: ServerTable<SkuCostRow>;
  shop: ConnectedShop;
  /** Dims the rows while the next page loads over the previous one. */
  stale: boolean;
  /** The key of the row whose unit cost form is open. */
  editing: string | null;
  /** The shop's today (the form's default day); null when the answer carries no unit costs. */
  today: string | null;
  onSaved: OnSaved;
  onCancel: () => void;
}

/** One row per SKU; the row being edited has its unit cost form under it. */
export function SkuCostsTable({ table, shop, stale, editing, today, onSaved, onCancel }: SkuCostsTableProps) {
  return (
    <EditingRowContext.Provider value={editing}>
      <DataTable
        table={table}
        caption="SKU costs"
        stale={stale}
        renderBelow={({ original }) =>
          today !== null && original.key === editing ? (
            <Suspense fallback={<LoadingSkeleton label="Loading the unit cost form…" rows={1} />}>
              <LazyUnitCostForm
                shopId={shop.id}
                currency={shop.currency}
                today={today}
                row={original}
                onSaved={onSaved}
                onCancel={onCancel}
              />
            </Suspense>
          ) : null
        }
      />
    </EditingRowContext.Provider>
  );
}
