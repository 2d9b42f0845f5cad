'use client';

import type { OptionalColumn } from './use-column-choice';

export interface ColumnChooserProps {
  options: readonly OptionalColumn[];
  shown: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}

/** A disclosure of checkboxes for the columns a seller may add or drop; net profit and margin are never among them. */
export function ColumnChooser({ options, shown, onToggle }: ColumnChooserProps) {
  const hidden = options.filter((o) => !shown.has(o.id)).length;
  return (
    <details className="column-chooser">
      <summary className="btn">Columns{hidden ? ` (${hidden} hidden)` : ''}</summary>
      <fieldset className="column-chooser-list">
        <legend className="label">Show columns</legend>
        {options.map((o) => (
          <label key={o.id} className="check">
            <input
              type="checkbox"
              checked={shown.has(o.id)}
              onChange={(event) => onToggle(o.id, event.target.checked)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
