'use client';

import { dayWarning } from '@/lib/costs/input-days';
import { FormField } from './form-field';
import { useAmountText } from './use-amount-text';

export interface CogsFieldsProps {
  /** The form's id: the fields' ids derive from it. */
  id: string;
  currency: string;
  /** The shop's today: a day far after it is warned about under the field. */
  today: string;
  fromDay: string;
  onFromDay: (day: string) => void;
  unitCost: string;
  onUnitCost: (text: string) => void;
  errors: { fromDay?: string | undefined; unitCost?: string | undefined };
  /** The unit cost first, with focus (a form opened for one SKU); else the day first. */
  costFirst?: boolean;
}

/** A dated unit cost's two fields, "From" and "Unit cost (USD)": the Your costs form's and the SKU costs row's. */
export function CogsFields({
  id,
  currency,
  today,
  fromDay,
  onFromDay,
  unitCost,
  onUnitCost,
  errors,
  costFirst = false,
}: CogsFieldsProps) {
  const money = useAmountText();
  const from = (
    <FormField
      id={`${id}-from`}
      label="From"
      type="date"
      value={fromDay}
      onChange={(e) => onFromDay(e.target.value)}
      error={errors.fromDay}
      warning={dayWarning(fromDay, today)}
      required
    />
  );
  const cost = (
    <FormField
      id={`${id}-cost`}
      label={`Unit cost (${currency})`}
      inputMode="decimal"
      autoComplete="off"
      placeholder={money.toLocal('4.10')}
      value={unitCost}
      onChange={(e) => onUnitCost(e.target.value)}
      error={errors.unitCost}
      autoFocus={costFirst}
      required
    />
  );
  return (
    <div className="cost-fields">
      {costFirst ? cost : from}
      {costFirst ? from : cost}
    </div>
  );
}
