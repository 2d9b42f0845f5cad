import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache, jsonBytes } from '@/lib/config/caches';
import { type Day } from './days';
import { addDays, lastDayOfMonth } from '@/lib/time';
import type { StoreDatabase } from './schema';

// Sums kept per shop and month, until that month's stored data changes: every write bumps the
// versions of the months it touched, in its own transaction (lib/store/write, st_month_version).
// A report over a year re-reads only the months that changed since it was last asked (today's,
// usually, after the refresh policy read it again) and serves the others from memory. A version is
// read from the store on every call, so every instance sees another's writes at once.
//
// Safe under concurrent writes: the versions are read before the sums, so sums kept under a
// version are at least as new as it; a write after that reading gives the month a new version,
// and sums kept under the old one are never asked for again.

/** One month's days within a range. */
export interface MonthPiece {
  month: string;
  from: Day;
  to: Day;
  /** The piece is the whole calendar month. */
  whole: boolean;
}

const kept = boundedCache<string, readonly unknown[]>('monthSums', {
  size: (rows) => jsonBytes(rows) * ENTRY_BYTES.sumsJsonByte,
});
/** Learnings under way (keptForRange), one per process as the caches are: bound: in flight only, each removed when it settles. */
const learning = ((
  globalThis as typeof globalThis & { __spdLearning?: Map<string, Promise<unknown>> }
).__spdLearning ??= new Map());

/** A range's days, month by month. */
export function monthPieces(from: Day, to: Day): MonthPiece[] {
  const pieces: MonthPiece[] = [];
  for (let start = from; start <= to;) {
    const month = start.slice(0, 7);
    const last = lastDayOfMonth(month);
    const end = last < to ? last : to;
    pieces.push({ month, from: start, to: end, whole: start === `${month}-01` && end === last });
    start = addDays(end, 1);
  }
  return pieces;
}

/**
 * The rows of [from, to], month by month: a month's rows are kept under `what(piece)` (a name of
 * the sums and everything else they depend on; null skips the month) and the month's version;
 * `read` is asked only for the months not kept, and returns their rows in the same order. Kept
 * rows are frozen: callers copy a row before changing it.
 */
export async function sumsByMonth<T extends object>(
  db: Kysely<StoreDatabase>,
  shopId: string,
  from: Day,
  to: Day,
  what: (piece: MonthPiece) => string | null,
  read: (pieces: MonthPiece[]) => Promise<T[][]>,
): Promise<T[]> {
  if (from > to) return [];
  const pieces = monthPieces(from, to);
  const versions = await monthVersions(db, shopId, pieces[0]!.month, pieces.at(-1)!.month);
  const out: T[] = [];
  const missing: { key: string; piece: MonthPiece }[] = [];
  for (const piece of pieces) {
    const name = what(piece);
    if (name === null) continue;
    const key = [shopId, piece.month, versions.get(piece.month) ?? '-', piece.from, piece.to, name].join('\u0000');
    const hit = kept.get(key) as readonly T[] | undefined;
    if (hit) out.push(...hit);
    else missing.push({ key, piece });
  }
  if (missing.length === 0) return out;
  const rows = await read(missing.map((m) => m.piece));
  missing.forEach(({ key }, i) => {
    const monthRows = (rows[i] ?? []).map((row) => Object.freeze(row));
    kept.set(key, monthRows);
    out.push(...monthRows);
  });
  return out;
}

/**
 * A value learned from the stored data of [from, to] alone (and from `inputs`, named by value in
 * `name`), kept in `cache` under the versions of the range's months: a write to any of them gives
 * it a new version and the value is learned again, on every instance. Concurrent asks for one key
 * share one learning. Safe under concurrent writes for the reason sumsByMonth is: the versions are
 * read before the learning.
 */
export async function keptForRange<T extends object>(
  db: Kysely<StoreDatabase>,
  shopId: string,
  range: { from: Day; to: Day },
  name: string,
  cache: LRUCache<string, T>,
  learn: () => Promise<T>,
): Promise<T> {
  const key = [shopId, range.from, range.to, await rangeStamp(db, shopId, range), name].join('\u0000');
  const hit = cache.get(key);
  if (hit) return hit;
  let pending = learning.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = learn()
      .then((value) => {
        cache.set(key, value);
        return value;
      })
      .finally(() => learning.delete(key));
    learning.set(key, pending);
  }
  return pending;
}

/**
 * The versions of the range's months, as one text: it names the stored data of [from, to] as it is
 * now (any write to it gives a new text). Read before what is kept under it, as keptForRange does.
 */
export async function rangeStamp(
  db: Kysely<StoreDatabase>,
  shopId: string,
  range: { from: Day; to: Day },
): Promise<string> {
  const pieces = monthPieces(range.from, range.to);
  const versions = await monthVersions(db, shopId, pieces[0]!.month, pieces.at(-1)!.month);
  return pieces.map((p) => `${p.month}@${versions.get(p.month) ?? '-'}`).join(',');
}

async function monthVersions(
  db: Kysely<StoreDatabase>,
  shopId: string,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('st_month_version')
    .select(['month', 'version'])
    .where('shop_id', '=', shopId)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .execute();
  return new Map(rows.map((r) => [r.month, Number(r.version)]));
}
