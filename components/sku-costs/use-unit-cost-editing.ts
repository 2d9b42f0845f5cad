'use client';

import { useCallback, useState } from 'react';
import type { SkuCostRow } from './sku-cost-rows';
import { editButtonId } from './unit-cost-cell';

/**
 * The SKU costs page's edits: which row's unit cost form is open, the import dialog, and the
 * sentence of the last save. Closing a form puts focus back on its row's button, so a keyboard
 * user carries on where they were.
 */
export function useUnitCostEditing() {
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const close = useCallback(() => {
    if (editing) requestAnimationFrame(() => document.getElementById(editButtonId({ key: editing }))?.focus());
    setEditing(null);
  }, [editing]);
  const open = useCallback((row: SkuCostRow) => {
    setNotice(null);
    setEditing((key) => (key === row.key ? null : row.key));
  }, []);
  const saved = useCallback(
    (summary: string) => {
      setNotice(summary);
      close();
    },
    [close],
  );

  return {
    editing,
    open,
    close,
    saved,
    notice,
    dismiss: () => setNotice(null),
    importing,
    openImport: () => setImporting(true),
    closeImport: () => setImporting(false),
  };
}
