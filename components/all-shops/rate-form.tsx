'use client';

import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { parseRate } from '@/lib/costs/amount';
import type { FxRate } from '@/lib/costs/types';

export type RateDraft = Omit<FxRate, 'id'>;
type Field = keyof RateDraft;
export type FieldErrors = Partial<Record<Field | 'form', string>>;

const FIELDS: Field[] = ['currency', 'target', 'fromDay', 'rate'];
const CODE = /^[A-Z]{3}$/;

/** What is wrong with each field before anything is sent (the server checks again). */
export function draftProblems(d: RateDraft): FieldErrors {
  const out: FieldErrors = {};
  if (!CODE.test(d.currency)) out.currency = 'must be a 3-letter currency code such as GBP';
  if (!CODE.test(d.target)) out.target = 'must be a 3-letter currency code such as USD';
  else if (d.target === d.currency) out.target = 'must differ from the currency';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.fromDay)) out.fromDay = 'must be a day (YYYY-MM-DD)';
  const rate = parseRate(d.rate);
  if (!rate.ok) out.rate = rate.message;
  return out;
}

/** A server message "rate: must be …" belongs to its field; anything else to the form. */
export function serverProblems(error: unknown): FieldErrors {
  const message = error instanceof ApiError || error instanceof Error ? error.message : 'The change was not saved.';
  const match = /^(\w+): (.*)$/s.exec(message);
  if (match && FIELDS.includes(match[1] as Field)) return { [match[1] as Field]: match[2] };
  return { form: message };
}

export interface RateFormProps {
  initial: RateDraft;
  submitLabel: string;
  onSubmit: (draft: RateDraft) => Promise<void>;
  onCancel?: () => void;
}

/** Add or edit one rate: "from this day, 1 currency = rate target". Errors show by their field; the typed values stay. */
export function RateForm({ initial, submitLabel, onSubmit, onCancel }: RateFormProps) {
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const draft: RateDraft = {
      currency: text('currency').toUpperCase(),
      target: text('target').toUpperCase(),
      fromDay: text('fromDay'),
      rate: text('rate'),
    };
    const problems = draftProblems(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(draft);
      if (!onCancel) form.reset();
    } catch (error) {
      setErrors(serverProblems(error));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, props: Record<string, unknown>) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        className="input"
        defaultValue={initial[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="filters rate-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      {field('currency', 'Currency', { maxLength: 3, autoCapitalize: 'characters', placeholder: 'GBP' })}
      {field('target', 'Into', { maxLength: 3, autoCapitalize: 'characters', placeholder: 'USD' })}
      {field('fromDay', 'From day', { type: 'date' })}
      {field('rate', 'Rate', { inputMode: 'decimal', placeholder: '1.27' })}
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
      {errors.form ? (
        <p className="alert alert-error rate-form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}
