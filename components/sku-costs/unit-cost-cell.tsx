'use client';

import { useContext } from 'react';
import { Money } from '@/components/money/money';
import { formatDay } from '@/lib/format/time';
import { formatMoney } from '@/lib/format/money';
import type { SkuCostRow } from './sku-cost-rows';
import { EditingRowContext, editButtonId } from './use-unit-cost-editing';

export interface UnitCostCellProps {
  row: SkuCostRow;
  currency: string;
  /** Opens the row's inline form; absent for a person who may not edit costs. */
  onEdit?: () => void;
}

/**
 * The unit cost a SKU's orders count today, saying whose it is ("Yours, from Nov 15, 2026" or
 * "From the service"); where yours overrides the service's, the service's stays in view.
 */
export function UnitCostCell({ row, currency, onEdit }: UnitCostCellProps) {
  const editing = useContext(EditingRowContext) === row.key;
  const cogs = row.unitCogs;
  const name = row.sellerSku || row.skuId;
  return (
    <span className="unit-cost-cell">
      <Money cents={row.unit.cogs} currency={currency} />
      {cogs?.yours ? (
        <>
          <span className="unit-cost-source badge badge-info">Yours, from {formatDay(cogs.yours.fromDay)}</span>
          <span className="muted unit-cost-note">Service: {formatMoney(cogs.serviceCents, currency)}</span>
        </>
      ) : (
        <span className="unit-cost-source muted">From the service</span>
      )}
      {cogs?.next ? (
        <span className="muted unit-cost-note">
          Next: {formatMoney(cogs.next.unitCostCents, currency)} from {formatDay(cogs.next.fromDay)}
        </span>
      ) : null}
      {onEdit ? (
        <button
          type="button"
          id={editButtonId(row)}
          className="btn btn-small unit-cost-edit"
          aria-expanded={editing}
          aria-label={`${cogs?.yours || cogs?.next ? 'Change' : 'Set'} unit cost of ${name}`}
          onClick={onEdit}
        >
          {cogs?.yours || cogs?.next ? 'Change' : 'Set unit cost'}
        </button>
      ) : null}
    </span>
  );
}
