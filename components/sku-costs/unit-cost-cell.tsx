'use client';

import { useContext } from 'react';
import { Money } from '@/components/money/money';
import type { SkuCostRow } from './sku-cost-rows';
import { EditingRowContext, editButtonId } from './use-unit-cost-editing';
import { say } from './messages';

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
          <span className="unit-cost-source badge badge-info">
            {say('yoursFrom', { day: { day: cogs.yours.fromDay } })}
          </span>
          <span className="muted unit-cost-note">
            {say('serviceCost', { amount: { money: cogs.serviceCents, currency } })}
          </span>
        </>
      ) : (
        <span className="unit-cost-source muted">From the service</span>
      )}
      {cogs?.next ? (
        <span className="muted unit-cost-note">
          {say('nextCost', {
            amount: { money: cogs.next.unitCostCents, currency },
            day: { day: cogs.next.fromDay },
          })}
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
