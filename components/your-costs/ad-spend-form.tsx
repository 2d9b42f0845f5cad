'use client';

import { useId, useState, type FormEvent } from 'react';
import type { CostSku } from '@/lib/costs/data';
import type { AdSpend } from '@/lib/costs/types';
import { dayWarning } from '@/lib/costs/input-days';
import { AD_SPEND_KIND } from '@/lib/costs/kind-ad-spend';
import { costEntryPath } from '@/lib/queries/use-cost-mutations';
import { amountText, type SkuIndex } from './cost-rows';
import { useAmountText } from './use-amount-text';
import { FormActions, FormAlert, FormField } from './form-field';
import { SkuPicker, targetIds, targetValue } from './sku-picker';
import { useCostForm, type OnSaved } from './use-cost-form';
import { say } from './messages';

const FIELDS = ['day', 'amount', 'skuId', 'productId', 'sellerSku', 'campaign'] as const;

export interface AdSpendFormProps {
  shopId: string;
  currency: string;
  today: string;
  skus: readonly CostSku[];
  index: SkuIndex;
  /** The entry being edited; null adds a new one. */
  editing: AdSpend | null;
  onSaved: OnSaved;
  onCancel: () => void;
}

/** Adds a day's ad spend or edits one; after an add the day and target stay for the next entry. */
export function AdSpendForm({ shopId, currency, today, skus, index, editing, onSaved, onCancel }: AdSpendFormProps) {
  const id = useId();
  const [day, setDay] = useState(editing?.day ?? today);
  const money = useAmountText();
  const [amount, setAmount] = useState(editing ? money.toLocal(amountText(editing.amountCents)) : '');
  const [target, setTarget] = useState(editing ? targetValue(editing) : '');
  const [campaign, setCampaign] = useState(editing?.campaign ?? '');
  const { submit, problem, pending, formRef } = useCostForm(shopId, today, FIELDS, onSaved);
  const targetError = problem.fields.skuId ?? problem.fields.productId ?? problem.fields.sellerSku;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      day,
      amount: money.toPlain(amount),
      ...targetIds(target),
      ...(campaign.trim() ? { campaign: campaign.trim() } : {}),
    };
    const ok = await submit(
      editing
        ? { method: 'PUT', path: costEntryPath('ad-spend', editing.id), body }
        : { method: 'POST', path: 'ad-spend', body },
      AD_SPEND_KIND,
      { day: { day } },
    );
    if (ok && !editing) {
      setAmount('');
      setCampaign('');
    }
  }

  return (
    <form ref={formRef} className="cost-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="subheading">
        {editing ? say('editAdSpend', { day: { day: editing.day } }) : 'Add ad spend'}
      </h3>
      <div className="cost-fields">
        <FormField
          id={`${id}-day`}
          label="Day"
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          error={problem.fields.day}
          warning={dayWarning(day, today)}
          required
        />
        <FormField
          id={`${id}-amount`}
          label={`Amount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={money.toLocal('12.50')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={problem.fields.amount}
          required
        />
        <FormField
          id={`${id}-campaign`}
          label="Campaign (optional)"
          value={campaign}
          maxLength={200}
          onChange={(e) => setCampaign(e.target.value)}
          error={problem.fields.campaign}
        />
      </div>
      <SkuPicker
        id={`${id}-target`}
        label="Spent on"
        mode="target"
        skus={skus}
        index={index}
        value={target}
        onChange={setTarget}
        error={targetError}
      />
      <FormAlert message={problem.general} />
      <FormActions pending={pending} editing={editing !== null} addLabel="Add ad spend" onCancel={onCancel} />
    </form>
  );
}
