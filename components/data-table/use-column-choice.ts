'use client';

import { useMemo } from 'react';
import { useShownColumnsState } from '@/lib/views/hooks';

export interface OptionalColumn {
  id: string;
  label: string;
  /** Shown until the seller chooses otherwise. */
  byDefault: boolean;
}

function idOf(column: { id?: string | undefined; accessorKey?: unknown }): string | undefined {
  return column.id ?? (typeof column.accessorKey === 'string' ? column.accessorKey : undefined);
}

/** The columns to render: every fixed column plus the optional ones the URL (or the default) shows. */
export function useColumnChoice<T extends readonly object[]>(columns: T, optional: readonly OptionalColumn[]) {
  const [chosen, setChosen] = useShownColumnsState();
  const key = chosen?.join(',') ?? null;
  return useMemo(() => {
    const known = new Set(optional.map((o) => o.id));
    const shown = new Set(
      key === null
        ? optional.filter((o) => o.byDefault).map((o) => o.id)
        : key.split(',').filter((id) => known.has(id)),
    );
    // The filtered list keeps the column factory's own array type (TanStack types each column's value).
    const visible = columns.filter((c) => {
      const id = idOf(c as { id?: string; accessorKey?: unknown });
      return id === undefined || !known.has(id) || shown.has(id);
    }) as unknown as T;
    const toggle = (id: string, on: boolean) => {
      const next = optional.filter((o) => (o.id === id ? on : shown.has(o.id))).map((o) => o.id);
      const defaults = optional.filter((o) => o.byDefault).map((o) => o.id);
      void setChosen(next.join(',') === defaults.join(',') ? null : next);
    };
    return { visible, chooser: { options: optional, shown, onToggle: toggle } };
  }, [columns, optional, key, setChosen]);
}
