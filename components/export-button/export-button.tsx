'use client';

import { useRef, useState } from 'react';
import { formatBytes } from '@/lib/format/bytes';
import { formatCount, formatCountOf } from '@/lib/format/money';
import { errorCopy } from '@/components/states/error-copy';
import type { DownloadProgress } from './download-csv';

export interface ExportButtonProps {
  /** The export route with the view's filters (never its page: the whole range is exported). */
  href: string;
  label: string;
  disabled?: boolean;
  /** Why the export cannot be made yet (e.g. the range is still being synced): the button is disabled and says so. */
  unavailable?: string | null;
  /** Why the file has more rows than the page has items, e.g. "one row per product line". */
  lineNote?: string;
}

/** What a disabled export says while its range syncs: a file is the whole range or nothing. */
export function syncingExportNote(daysStored: number, daysTotal: number): string {
  return `Export available once this range is synced (${formatCount(daysStored)} of ${formatCount(daysTotal)} days stored).`;
}

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: DownloadProgress }
  | { phase: 'done'; rows: number }
  | { phase: 'failed'; message: string };

export function ExportButton({ href, label, disabled, unavailable, lineNote }: ExportButtonProps) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      // The download code is fetched on the first export, not with the page.
      const { downloadCsv, saveBlob } = await import('./download-csv');
      const result = await downloadCsv(href, (progress) => setState({ phase: 'running', progress }), controller.signal);
      saveBlob(result.blob, result.filename);
      setState({ phase: 'done', rows: result.rows });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'failed', message: errorCopy(error).message });
    }
  }

  return (
    <div className="export">
      {state.phase === 'running' ? (
        <button type="button" className="btn" onClick={() => abort.current?.abort()}>
          Cancel export
        </button>
      ) : (
        <button type="button" className="btn" onClick={run} disabled={disabled || Boolean(unavailable)}>
          {label}
        </button>
      )}
      <span className="export-status muted" role="status" aria-live="polite">
        {state.phase === 'running'
          ? `Exporting… ${formatCountOf(state.progress.rows, 'row')} (${formatBytes(state.progress.bytes)})`
          : state.phase === 'done'
            ? `Saved ${formatCountOf(state.rows, 'row')}${lineNote ? ` (${lineNote})` : ''}.`
            : (unavailable ?? null)}
      </span>
      {state.phase === 'running' ? <progress className="export-progress" aria-label="Export progress" /> : null}
      {state.phase === 'failed' ? (
        <span role="alert" className="export-error negative">
          {state.message}
        </span>
      ) : null}
    </div>
  );
}
