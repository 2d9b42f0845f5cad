'use client';

import { useId, useState, type FormEvent } from 'react';
import { RECURRENCES, type Expense, type Recurrence } from '@/lib/costs/types';
import { dayWarning } from '@/lib/costs/input-days';
import { EXPENSES_KIND } from '@/lib/costs/kind-expenses';
import { costEntryPath } from '@/lib/queries/use-cost-mutations';
import { amountText, RECURRENCE_LABELS } from './cost-rows';
import { useAmountText } from './use-amount-text';
import { FieldError, FormActions, FormAlert, FormField } from './form-field';
import { useCostForm, type OnSaved } from './use-cost-form';

const FIELDS = ['name', 'amount', 'recurrence', 'startDay', 'endDay'] as const;

export interface ExpenseFormProps {
  shopId: string;
  currency: string;
  today: string;
  editing: Expense | null;
  onSaved: OnSaved;
  onCancel: () => void;
}

const AMOUNT_LABEL: Record<Recurrence, string> = {
  once: 'Amount',
  monthly: 'Amount per month',
  yearly: 'Amount per year',
};

/** A cost the platform never sees: software, a warehouse, staff. Monthly and yearly ones repeat until "until". */
export function ExpenseForm({ shopId, currency, today, editing, onSaved, onCancel }: ExpenseFormProps) {
  const id = useId();
  const [name, setName] = useState(editing?.name ?? '');
  const money = useAmountText();
  const [amount, setAmount] = useState(editing ? money.toLocal(amountText(editing.amountCents)) : '');
  const [recurrence, setRecurrence] = useState<Recurrence>(editing?.recurrence ?? 'monthly');
  const [startDay, setStartDay] = useState(editing?.startDay ?? today);
  const [endDay, setEndDay] = useState(editing?.endDay ?? '');
  const { submit, problem, pending, formRef } = useCostForm(shopId, today, FIELDS, onSaved);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      name: name.trim(),
      amount: money.toPlain(amount),
      recurrence,
      startDay,
      ...(endDay ? { endDay } : {}),
    };
    const ok = await submit(
      editing
        ? { method: 'PUT', path: costEntryPath('expenses', editing.id), body }
        : { method: 'POST', path: 'expenses', body },
      EXPENSES_KIND,
      { startDay: { day: startDay }, endDay: { day: endDay || null, kind: 'end' } },
    );
    if (ok && !editing) {
      setName('');
      setAmount('');
      setEndDay('');
    }
  }

  return (
    <form ref={formRef} className="cost-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="subheading">
        {editing ? `Edit ${editing.name}` : 'Add an expense'}
      </h3>
      <div className="cost-fields">
        <FormField
          id={`${id}-name`}
          label="Name"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          error={problem.fields.name}
          placeholder="Warehouse rent"
          required
        />
        <FormField
          id={`${id}-amount`}
          label={`${AMOUNT_LABEL[recurrence]} (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={money.toLocal('120.00')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={problem.fields.amount}
          required
        />
        <div className="field">
          <label htmlFor={`${id}-recurrence`}>Repeats</label>
          <select
            id={`${id}-recurrence`}
            className="select"
            value={recurrence}
            onChange={(e) => setRecurrence(e.target.value as Recurrence)}
            aria-invalid={problem.fields.recurrence ? true : undefined}
            aria-describedby={problem.fields.recurrence ? `${id}-recurrence-error` : undefined}
          >
            {RECURRENCES.map((r) => (
              <option key={r} value={r}>
                {RECURRENCE_LABELS[r]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-recurrence-error`} error={problem.fields.recurrence} />
        </div>
        <FormField
          id={`${id}-start`}
          label={recurrence === 'once' ? 'Day' : 'From'}
          type="date"
          value={startDay}
          onChange={(e) => setStartDay(e.target.value)}
          error={problem.fields.startDay}
          warning={dayWarning(startDay, today)}
          required
        />
        {recurrence === 'once' ? null : (
          <FormField
            id={`${id}-end`}
            label="Until (optional)"
            type="date"
            value={endDay}
            onChange={(e) => setEndDay(e.target.value)}
            error={problem.fields.endDay}
            hint="Empty: it goes on."
          />
        )}
      </div>
      <FormAlert message={problem.general} />
      <FormActions pending={pending} editing={editing !== null} addLabel="Add expense" onCancel={onCancel} />
    </form>
  );
}
