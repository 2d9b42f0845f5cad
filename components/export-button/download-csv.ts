import { readApiError } from '@/lib/api/api-error';

// Downloads a streamed CSV while reporting progress: the rows and bytes received so far. The file
// is saved only once complete, so a broken connection never leaves a silently truncated export.

export interface DownloadProgress {
  bytes: number;
  /** Data rows received (lines after the header). */
  rows: number;
}

export interface DownloadResult {
  blob: Blob;
  filename: string;
  rows: number;
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
): Promise<DownloadResult> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store', signal });
  if (!response.ok || !response.body)
    throw await readApiError(response, () => `The export failed (HTTP ${response.status}).`);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === LF) lines++;
    onProgress({ bytes, rows: Math.max(0, lines - 1) });
  }
  const filename = filenameFrom(response.headers.get('content-disposition'), 'export.csv');
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), filename, rows: Math.max(0, lines - 1) };
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
