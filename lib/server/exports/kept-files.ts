import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { boundedCache } from '@/lib/config/caches';
import { csvColumnsFor } from '@/lib/server/access';
import { csvStream } from '@/lib/csv';
import { csvResponse } from '@/lib/exports/filename';
import type { ExportFormat } from '@/lib/exports/format';
import { rangeStamp } from '@/lib/store/month-cache';
import type { Day } from '@/lib/store/days';
import { exportResponse, type ExportFile } from './respond';

// Finished CSV files kept gzipped until the stored data they were written from changes: the
// orders of a month are what an orders export reads, so a file is kept under the versions of its
// range's months (lib/store/month-cache rangeStamp) and every input named in its key. Writing a
// month's orders into CSV costs 50–150 ms of the server's one thread (their payloads parsed, every
// cell formatted); a kept file is sent as it is. Whatever a sync writes into one of its months
// gives the range a new stamp, so a file is never older than the store (docs/ARCHITECTURE.md#exports).

const kept = boundedCache<string, Uint8Array<ArrayBuffer>>('exportFiles', { size: (gzip) => gzip.byteLength });

/** What names a file apart from the range's stored data: its shop and days, and every input besides. */
export interface FileKey {
  shopId: string;
  range: { from: Day; to: Day };
  /** Every other input of the rows (the query with its exact seconds, the cost view and what it reads), as text. */
  inputs: string;
}

/** True when the request takes a gzip body (Accept-Encoding names gzip without q=0). */
function takesGzip(request: Request): boolean {
  return (request.headers.get('accept-encoding') ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

/** Collects a stream's bytes up to `limit`; null when it ends larger (or fails). */
async function collect(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return null;
      }
      chunks.push(next.value);
    }
  } catch {
    return null;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/**
 * The export's answer (exportResponse's), its CSV kept: a file asked again while its data and
 * inputs are unchanged is sent from memory, gzipped when the request takes gzip (Next.js leaves an
 * encoded body as it is), and its rows are not read at all (`rows` is asked only to write it). A
 * file larger than the cache's limit per entry is written every time.
 */
export async function keptExportResponse<T>(
  request: Request,
  format: ExportFormat,
  file: Omit<ExportFile<T>, 'batches'>,
  rows: () => Promise<AsyncIterable<readonly T[]>>,
  key: FileKey,
): Promise<Response> {
  if (format !== 'csv') return exportResponse(format, { ...file, batches: await rows() });
  const columns = csvColumnsFor(file.columns);
  const db = await storeDb();
  const stamp = await rangeStamp(db, key.shopId, key.range);
  const name = [key.shopId, key.range.from, key.range.to, stamp, key.inputs, ...columns.map((c) => c.header)].join(
    '\u0000',
  );
  const headers = { ...file.headers };
  const hit = kept.get(name);
  if (hit) {
    const body = new Blob([hit]).stream();
    if (takesGzip(request))
      return csvResponse(body, file.filename, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    return csvResponse(body.pipeThrough(new DecompressionStream('gzip')), file.filename, headers);
  }
  return csvResponse(keepingOnTheWay(csvStream(columns, await rows()), name), file.filename, headers);
}

/**
 * The stream as it is, its bytes gzipped on the way into the cache once it ends: at the
 * download's pace, so a slow download holds no more than it did (a tee would buffer the whole file
 * for it). A download stopped half-way, a failure or a file over the cache's limit per entry keeps
 * nothing.
 */
function keepingOnTheWay(stream: ReadableStream<Uint8Array>, name: string): ReadableStream<Uint8Array> {
  const gzip = new CompressionStream('gzip');
  const writer: WritableStreamDefaultWriter<BufferSource> = gzip.writable.getWriter();
  let keeping = true;
  const stop = () => {
    keeping = false;
    writer.abort().catch(() => undefined);
  };
  void collect(gzip.readable, kept.maxEntrySize).then((bytes) => {
    if (bytes && keeping) kept.set(name, bytes);
    else keeping = false;
  });
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        stop();
        controller.error(error);
        return;
      }
      if (next.done) {
        if (keeping) writer.close().catch(stop);
        controller.close();
        return;
      }
      controller.enqueue(next.value);
      if (keeping) writer.write(next.value as Uint8Array<ArrayBuffer>).catch(stop);
    },
    async cancel(reason) {
      stop();
      await reader.cancel(reason);
    },
  });
}
