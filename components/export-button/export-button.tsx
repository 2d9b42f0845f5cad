'use client';

import { useRef, useState } from 'react';
import { formatBytes } from '@/lib/format/bytes';
import { errorCopy } from '@/components/states/error-copy';
import { LiveLinkButton } from './live-link-button';
import { useLocale } from '@/components/app-shell/locale-provider';
import { excelCsvFormatFor } from '@/lib/format/locale';
import type { DownloadProgress } from './download-csv';
import { say } from './messages';

export interface ExportButtonProps {
  /** The export route with the view's filters (never its page: the whole range is exported). */
  href: string;
  label: string;
  disabled?: boolean;
  /** Why the export cannot be made yet (e.g. the range is still being synced): the button is disabled and says so. */
  unavailable?: string | null;
  /** Why the file has more rows than the page has items, e.g. "one row per product line". */
  lineNote?: string;
  /** Offer the same export as an Excel workbook too (`format=xlsx`); every `/exports/` route writes one. */
  excel?: boolean;
  /** Offer "Copy a live link" of this export (its CSV, for a spreadsheet to refresh): every `/exports/` route has one. */
  liveLink?: boolean;
}

type Format = 'csv' | 'xlsx' | NonNullable<ReturnType<typeof excelCsvFormatFor>>;

/** The export's URL in another format: the same view, `format=xlsx` or `format=csv-excel-de`. */
function formatHref(href: string, format: Format): string {
  return format === 'csv' ? href : `${href}${href.includes('?') ? '&' : '?'}format=${format}`;
}

/** "Export shops CSV" → "Export shops Excel". */
function excelLabel(label: string): string {
  return /\bCSV\b/.test(label) ? label.replace(/\bCSV\b/, 'Excel') : `${label} (Excel)`;
}

/** What a disabled export says while its range syncs: a file is the whole range or nothing. */
export function syncingExportNote(daysStored: number, daysTotal: number): string {
  return say('syncing', { stored: { count: daysStored }, total: { count: daysTotal } });
}

/** A report card's export while its range is partly stored: why it waits (null once the range is whole). */
export function partialExportNote(
  data: { partial: boolean; coverage: { daysStored: number; daysTotal: number } } | undefined,
): string | null {
  return data?.partial ? syncingExportNote(data.coverage.daysStored, data.coverage.daysTotal) : null;
}

type State =
  | { phase: 'idle' }
  | { phase: 'running'; progress: DownloadProgress }
  | { phase: 'done'; rows: number | null; bytes: number }
  | { phase: 'failed'; message: string };

export function ExportButton({
  href,
  label,
  disabled,
  unavailable,
  lineNote,
  excel = href.includes('/exports/'),
  liveLink = href.includes('/exports/'),
}: ExportButtonProps) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Where the person's Excel expects semicolons and decimal commas, the CSV is offered both ways
  // (docs/ARCHITECTURE.md#the-persons-locale); elsewhere the one CSV opens right in both.
  const locale = useLocale();
  const excelCsv = href.includes('/exports/') ? excelCsvFormatFor(locale) : null;

  async function run(format: Format) {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      // The download code is fetched on the first export, not with the page.
      const { downloadCsv, saveBlob } = await import('./download-csv');
      const result = await downloadCsv(
        formatHref(href, format),
        (progress) => setState({ phase: 'running', progress }),
        controller.signal,
        format === 'xlsx' ? 'xlsx' : 'csv',
      );
      saveBlob(result.blob, result.filename);
      setState({ phase: 'done', rows: result.rows, bytes: result.bytes });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'failed', message: errorCopy(error).message });
    }
  }

  const off = disabled || Boolean(unavailable);
  return (
    <div className="export">
      {state.phase === 'running' ? (
        <button type="button" className="btn" onClick={() => abort.current?.abort()}>
          Cancel export
        </button>
      ) : (
        <>
          <button type="button" className="btn" onClick={() => run('csv')} disabled={off}>
            {excelCsv ? `${label} (comma, for scripts)` : label}
          </button>
          {excelCsv ? (
            <button type="button" className="btn" onClick={() => run(excelCsv)} disabled={off}>
              {label} for Excel (semicolon, decimal comma)
            </button>
          ) : null}
          {excel ? (
            <button type="button" className="btn" onClick={() => run('xlsx')} disabled={off}>
              {excelLabel(label)}
            </button>
          ) : null}
          {liveLink ? <LiveLinkButton href={href} disabled={off} /> : null}
        </>
      )}
      <span className="export-status muted" role="status" aria-live="polite">
        {state.phase === 'running'
          ? state.progress.rows === null
            ? say('exportingBytes', { bytes: { text: formatBytes(state.progress.bytes) } })
            : say('exportingRows', {
                rows: { count: state.progress.rows },
                bytes: { text: formatBytes(state.progress.bytes) },
              })
          : state.phase === 'done'
            ? state.rows === null
              ? say('savedExcel', { bytes: { text: formatBytes(state.bytes) } })
              : lineNote
                ? say('savedRowsNote', { rows: { count: state.rows }, note: { text: lineNote } })
                : say('savedRows', { rows: { count: state.rows } })
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
