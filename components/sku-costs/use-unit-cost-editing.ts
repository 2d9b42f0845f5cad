'use client';

import { createContext, useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryDetail } from '@/lib/costs/history';
import type { SkuCostRow } from './sku-cost-rows';

/** The id of a row's edit button, so focus can come back to it when its form closes. */
export const editButtonId = (row: Pick<SkuCostRow, 'key'>) => `unit-cost-${row.key.replace(/[^\w-]/g, '_')}`;

/** The key of the row whose unit cost form is open: the cells read it without the columns being made again. */
export const EditingRowContext = createContext<string | null>(null);

/**
 * The SKU costs page's edits: which row's unit cost form is open, the import dialog, and the
 * sentence of the last save. Closing a form puts focus back on its row's button once the row is
 * drawn again, so a keyboard user carries on where they were.
 */
export function useUnitCostEditing() {
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<HistoryDetail | null>(null);
  const closed = useRef<string | null>(null);

  useEffect(() => {
    if (editing !== null || closed.current === null) return;
    document.getElementById(editButtonId({ key: closed.current }))?.focus();
    closed.current = null;
  }, [editing]);

  const close = useCallback(() => {
    closed.current = editing;
    setEditing(null);
  }, [editing]);
  const open = useCallback((row: SkuCostRow) => {
    setNotice(null);
    setEditing((key) => (key === row.key ? null : row.key));
  }, []);
  const saved = useCallback(
    (detail: HistoryDetail) => {
      setNotice(detail);
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
