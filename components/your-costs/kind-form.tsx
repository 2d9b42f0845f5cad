'use client';

import { useId, useState, type FormEvent } from 'react';
import type { CostSku } from '@/lib/costs/data';
import { dayWarning } from '@/lib/costs/input-days';
import type { CostKind, KindField } from '@/lib/costs/kind';
import { costEntryPath } from '@/lib/queries/use-cost-mutations';
import type { SkuIndex } from './cost-rows';
import { FieldError, FormActions, FormAlert, FormField } from './form-field';
import { SkuPicker, targetIds } from './sku-picker';
import { useCostForm, type OnSaved } from './use-cost-form';
import { useAmountText } from './use-amount-text';

export interface KindFormProps {
  kind: CostKind;
  shopId: string;
  currency: string;
  today: string;
  skus: readonly CostSku[];
  index: SkuIndex;
  editing: { id: string } | null;
  onSaved: OnSaved;
  onCancel: () => void;
}

/** The body of the form's values (a SKU field holds the SKU id, blank for none). */
function bodyOf(
  fields: readonly KindField[],
  values: Record<string, string>,
  toPlain: (text: string) => string,
): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const f of fields) {
    const value = (values[f.name] ?? '').trim();
    body[f.name] = f.input === 'sku' && value === '' ? null : f.input === 'money' ? toPlain(value) : value;
  }
  return body;
}

/** An entry's values as the fields show them: its amounts with the person's decimal separator. */
function localValues(
  fields: readonly KindField[],
  values: Record<string, string>,
  toLocal: (plain: string) => string,
): Record<string, string> {
  const out = { ...values };
  for (const f of fields) if (f.input === 'money' && out[f.name]) out[f.name] = toLocal(out[f.name]!);
  return out;
}

/** One entry of a kind the registry describes (lib/costs/kinds `form`): its fields, checked by its own schema. */
export function KindForm({ kind, shopId, currency, today, skus, index, editing, onSaved, onCancel }: KindFormProps) {
  const id = useId();
  const form = kind.form!;
  const money = useAmountText();
  const [values, setValues] = useState<Record<string, string>>(() =>
    editing ? localValues(form.fields, form.values(editing), money.toLocal) : form.blank(today),
  );
  const names = form.fields.map((f) => f.name);
  const { submit, problem, pending, formRef } = useCostForm(shopId, today, names, onSaved);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = bodyOf(form.fields, values, money.toPlain);
    const days = Object.fromEntries(
      form.fields.filter((f) => f.input === 'date').map((f) => [f.name, { day: values[f.name] || null }]),
    );
    const ok = await submit(
      editing
        ? { method: 'PUT', path: costEntryPath(kind.path, editing.id), body }
        : { method: 'POST', path: kind.path, body },
      kind,
      days,
    );
    if (ok && !editing) setValues(form.blank(today));
  }

  return (
    <form ref={formRef} className="cost-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="subheading">
        {editing ? `Edit ${kind.labels.one}` : `Add ${kind.labels.one}`}
      </h3>
      {/* A SKU field searches and picks over the form's width (as the unit cost form's), the others share a row. */}
      {form.fields
        .filter((f) => f.input === 'sku')
        .map((f) => (
          <SkuPicker
            key={f.name}
            id={`${id}-${f.name}`}
            label={f.label}
            mode="sku"
            skus={skus}
            index={index}
            value={values[f.name] ? `sku:${values[f.name]}` : ''}
            onChange={(v) => set(f.name, targetIds(v).skuId ?? '')}
            error={problem.fields[f.name]}
            blank={f.optional ? 'Every SKU' : undefined}
          />
        ))}
      <div className="cost-fields">
        {form.fields.map((f) => {
          const fieldId = `${id}-${f.name}`;
          const error = problem.fields[f.name];
          const value = values[f.name] ?? '';
          if (f.input === 'sku') return null;
          if (f.input === 'choice')
            return (
              <div className="field" key={f.name}>
                <label htmlFor={fieldId}>{f.label}</label>
                <select
                  id={fieldId}
                  className="select"
                  value={value}
                  onChange={(e) => set(f.name, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                >
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
                <FieldError id={`${fieldId}-error`} error={error} />
              </div>
            );
          return (
            <FormField
              key={f.name}
              id={fieldId}
              label={f.input === 'money' ? `${f.label} (${currency})` : f.label}
              type={f.input === 'date' ? 'date' : 'text'}
              inputMode={f.input === 'money' ? 'decimal' : undefined}
              autoComplete="off"
              placeholder={f.input === 'money' ? money.toLocal('1.50') : undefined}
              value={value}
              onChange={(e) => set(f.name, e.target.value)}
              error={error}
              hint={f.hint}
              warning={f.input === 'date' ? dayWarning(value, today) : undefined}
              required={!f.optional}
            />
          );
        })}
      </div>
      <FormAlert message={problem.general} />
      <FormActions
        pending={pending}
        editing={editing !== null}
        addLabel={`Add ${kind.labels.one}`}
        onCancel={onCancel}
      />
    </form>
  );
}
