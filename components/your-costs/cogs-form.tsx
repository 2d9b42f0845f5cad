'use client';

import { useId, useState, type FormEvent } from 'react';
import type { CostSku } from '@/lib/costs/data';
import type { CogsEntry } from '@/lib/costs/types';
import { COGS_KIND } from '@/lib/costs/kind-cogs';
import { costEntryPath } from '@/lib/queries/use-cost-mutations';
import { amountText, skuLabel, type SkuIndex } from './cost-rows';
import { CogsFields } from './cogs-fields';
import { useAmountText } from './use-amount-text';
import { FormActions, FormAlert } from './form-field';
import { SkuPicker, targetIds, targetValue } from './sku-picker';
import { useCostForm, type OnSaved } from './use-cost-form';
import { say } from './messages';

const FIELDS = ['skuId', 'sellerSku', 'fromDay', 'unitCost'] as const;

export interface CogsFormProps {
  shopId: string;
  currency: string;
  today: string;
  skus: readonly CostSku[];
  index: SkuIndex;
  editing: CogsEntry | null;
  onSaved: OnSaved;
  onCancel: () => void;
}

/** "From this day, one unit of this SKU costs …": it replaces the service's cost of goods from then on. */
export function CogsForm({ shopId, currency, today, skus, index, editing, onSaved, onCancel }: CogsFormProps) {
  const id = useId();
  const [target, setTarget] = useState(editing ? targetValue(editing) : '');
  const [fromDay, setFromDay] = useState(editing?.fromDay ?? today);
  const money = useAmountText();
  const [unitCost, setUnitCost] = useState(editing ? money.toLocal(amountText(editing.unitCostCents)) : '');
  const { submit, problem, pending, formRef } = useCostForm(shopId, today, FIELDS, onSaved);
  const chosen = targetIds(target).skuId;
  const sku = chosen ? index.bySku.get(chosen) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { ...(chosen ? { skuId: chosen } : {}), fromDay, unitCost: money.toPlain(unitCost) };
    const ok = await submit(
      editing
        ? { method: 'PUT', path: costEntryPath('cogs', editing.id), body }
        : { method: 'POST', path: 'cogs', body },
      COGS_KIND,
      { fromDay: { day: fromDay } },
    );
    if (ok && !editing) setUnitCost('');
  }

  return (
    <form ref={formRef} className="cost-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="subheading">
        {editing ? `Edit the cost of ${sku ? skuLabel(sku) : editing.skuId} from this day` : 'Set a unit cost'}
      </h3>
      <SkuPicker
        id={`${id}-sku`}
        label="SKU"
        mode="sku"
        skus={skus}
        index={index}
        value={target}
        onChange={setTarget}
        error={problem.fields.skuId ?? problem.fields.sellerSku}
      />
      {sku ? (
        <p className="note muted sku-figures">
          {say('skuFigures', {
            ...(sku.priceCents === null ? {} : { price: { money: sku.priceCents, currency } }),
            ...(sku.serviceUnitCogsCents === null ? {} : { cost: { money: sku.serviceUnitCogsCents, currency } }),
          })}
        </p>
      ) : null}
      <CogsFields
        id={id}
        currency={currency}
        today={today}
        fromDay={fromDay}
        onFromDay={setFromDay}
        unitCost={unitCost}
        onUnitCost={setUnitCost}
        errors={problem.fields}
      />
      <FormAlert message={problem.general} />
      <FormActions pending={pending} editing={editing !== null} addLabel="Set unit cost" onCancel={onCancel} />
    </form>
  );
}
