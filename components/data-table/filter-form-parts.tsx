'use client';

// The parts every filter form above a table shares: free-text fields (the spec's partial,
// case-insensitive matches) and the Apply / Clear buttons.

export interface TextFilterField<N extends string> {
  name: N;
  label: string;
  placeholder?: string;
}

export function TextFilterFields<N extends string>({
  fields,
  values,
  idPrefix,
}: {
  fields: readonly TextFilterField<N>[];
  values: Partial<Record<N, string | null>>;
  idPrefix: string;
}) {
  return fields.map((f) => (
    <div className="field" key={f.name}>
      <label htmlFor={`${idPrefix}-${f.name}`}>{f.label}</label>
      <input
        id={`${idPrefix}-${f.name}`}
        name={f.name}
        className="input"
        defaultValue={values[f.name] ?? ''}
        placeholder={f.placeholder}
        maxLength={200}
      />
    </div>
  ));
}

/** Apply submits the form; Clear (shown while a filter is set) applies no filters at all. */
export function FilterActions({ active, onClear }: { active: boolean; onClear: () => void }) {
  return (
    <div className="filter-actions">
      <button type="submit" className="btn btn-primary">
        Apply filters
      </button>
      {active ? (
        <button type="button" className="btn" onClick={onClear}>
          Clear
        </button>
      ) : null}
    </div>
  );
}
