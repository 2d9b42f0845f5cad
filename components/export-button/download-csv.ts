import { readApiError } from '@/lib/api/api-error';
import { say } from './messages';

// Downloads a streamed export while reporting progress: the bytes received so far and, for a CSV,
// its rows (an Excel file is a zip: its rows cannot be counted on the way). The file is saved only
// once complete, so a broken connection never leaves a silently truncated export.

export interface DownloadProgress {
  bytes: number;
  /** Data rows received (lines after the header); null for an Excel file. */
  rows: number | null;
}

export interface DownloadResult {
  blob: Blob;
  filename: string;
  /** Data rows of a CSV; null for an Excel file. */
  rows: number | null;
  bytes: number;
}

const LF = 0x0a;

function filenameFrom(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

export async function downloadCsv(
  url: string,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
  format: 'csv' | 'xlsx' = 'csv',
): Promise<DownloadResult> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', signal });
  if (!response.ok || !response.body)
    throw await readApiError(response, () => say('failed', { status: { text: String(response.status) } }));
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (format === 'csv') for (const byte of value) if (byte === LF) lines++;
    onProgress({ bytes, rows: format === 'csv' ? Math.max(0, lines - 1) : null });
  }
  const filename = filenameFrom(response.headers.get('content-disposition'), `export.${format}`);
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks, { type }),
    filename,
    rows: format === 'csv' ? Math.max(0, lines - 1) : null,
    bytes,
  };
}

/** Hands a finished Blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
