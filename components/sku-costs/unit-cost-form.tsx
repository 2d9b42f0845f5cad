'use client';

import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CogsFields } from '@/components/your-costs/cogs-fields';
import { FormAlert } from '@/components/your-costs/form-field';
import { useCostForm, type OnSaved } from '@/components/your-costs/use-cost-form';
import { formatAmount } from '@/lib/costs/amount';
import { useAmountText } from '@/components/your-costs/use-amount-text';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { costEntryPath } from '@/lib/queries/use-cost-mutations';
import type { SkuCostRow } from './sku-cost-rows';
import { say } from './messages';

const FIELDS = ['skuId', 'sellerSku', 'fromDay', 'unitCost'] as const;

/** "unitCost: must be …" (the API's field name first) → "Unit cost: must be …", as the field is labelled. */
const inWords = (message: string | undefined, label: string) => message?.replace(/^\w+:\s*/, `${label}: `);

export interface UnitCostFormProps {
  shopId: string;
  currency: string;
  /** The shop's today: the day a new unit cost starts unless the seller picks another. */
  today: string;
  row: SkuCostRow;
  onSaved: OnSaved;
  onCancel: () => void;
}

/**
 * "From this day, one unit of this SKU costs …", under its row: saved as the Your costs page's COGS
 * form saves (the same checks, history entry and undo). A day that already has the SKU's entry
 * changes that entry; any other day adds one.
 */
export function UnitCostForm({ shopId, currency, today, row, onSaved, onCancel }: UnitCostFormProps) {
  const id = useId();
  const current = row.unitCogs?.yours;
  const money = useAmountText();
  const [unitCost, setUnitCost] = useState(current ? money.toLocal(formatAmount(current.unitCostCents)) : '');
  const [fromDay, setFromDay] = useState(today);
  const { submit, problem, pending, formRef } = useCostForm(shopId, today, FIELDS, onSaved);
  const name = row.sellerSku || row.skuId;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { skuId: row.skuId, fromDay, unitCost: money.toPlain(unitCost) };
    const existing = row.unitCogs?.entries.find((e) => e.fromDay === fromDay);
    await submit(
      existing
        ? { method: 'PUT', path: costEntryPath('cogs', existing.id), body }
        : { method: 'POST', path: 'cogs', body },
      COGS_KIND,
      { fromDay: { day: fromDay } },
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      ref={formRef}
      className="cost-form unit-cost-form"
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`} className="subheading">
        Unit cost of {name} ({row.product.name})
      </h2>
      <p className="note muted">
        {say('formNote', { amount: { money: row.unitCogs?.serviceCents ?? row.unit.cogs, currency } })}
      </p>
      <CogsFields
        id={id}
        currency={currency}
        today={today}
        fromDay={fromDay}
        onFromDay={setFromDay}
        unitCost={unitCost}
        onUnitCost={setUnitCost}
        errors={{
          unitCost: inWords(problem.fields.unitCost, 'Unit cost'),
          fromDay: inWords(problem.fields.fromDay, 'From'),
        }}
        costFirst
      />
      <FormAlert message={problem.general ?? problem.fields.skuId ?? problem.fields.sellerSku ?? null} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save unit cost'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
