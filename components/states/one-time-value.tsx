import type { ReactNode } from 'react';

export interface OneTimeValueProps {
  /** What the value is and what to do with it, said once above it. */
  children: ReactNode;
  value: string;
  /** The field's name as a person hears it ("One-time link", "Signing secret"). */
  label: string;
  /** The copy button's words ("Copy link"). */
  copy: string;
  onDone: () => void;
  /** The box around it: a card of its own, or a part of a form. */
  className?: string;
}

/**
 * A value shown only this once (a one-time link, a signing secret): selected on focus, a button to
 * copy it and one to put it away. The server never shows it again.
 */
export function OneTimeValue({
  children,
  value,
  label,
  copy,
  onDone,
  className = 'card page-card',
}: OneTimeValueProps) {
  return (
    <div className={className} role="status">
      <p style={{ margin: 0 }}>{children}</p>
      <input
        className="input mono"
        readOnly
        value={value}
        aria-label={label}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="form-actions">
        <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(value)}>
          {copy}
        </button>
        <button type="button" className="btn btn-small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
