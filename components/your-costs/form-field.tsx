import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The API's message about this field ("amount: must be …"), shown beside it. */
  error?: string;
  hint?: ReactNode;
  /** Accepted, but worth a second look ("2026-12-30 is 35 days after today"): shown under the field. */
  warning?: string;
}

/** A labelled input whose error sits under it and is announced with it (aria-describedby). */
export function FormField({ id, label, error, hint, warning, className, ...input }: FormFieldProps) {
  const described =
    [hint ? `${id}-hint` : '', warning ? `${id}-warning` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint ? (
        <span id={`${id}-hint`} className="field-hint muted">
          {hint}
        </span>
      ) : null}
      {warning && !error ? (
        <span id={`${id}-warning`} className="field-warning" role="status">
          {warning}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export interface FieldErrorProps {
  id: string;
  error?: string;
}

/** The error line of a field that is not a plain input (a select, a picker). */
export function FieldError({ id, error }: FieldErrorProps) {
  return error ? (
    <span id={id} className="field-error">
      {error}
    </span>
  ) : null;
}

/** A form's own problem (one that names no field): shown above its buttons. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert-error form-alert" role="alert">
      {message}
    </p>
  ) : null;
}

/** A cost form's buttons: save (named for what it adds, "Save changes" when editing) and, when editing, cancel. */
export function FormActions({
  pending,
  editing,
  addLabel,
  onCancel,
}: {
  pending: boolean;
  editing: boolean;
  addLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Saving…' : editing ? 'Save changes' : addLabel}
      </button>
      {editing ? (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
