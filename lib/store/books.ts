import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '@/lib/db/chunks';
import type { SqlDialect } from '@/lib/db/open-database';
import type { MonthCloseEventTable, MonthCloseTable } from './books-tables';
import type { StoreDatabase } from './schema';

// The books of a shop in the store: its closed months (each with its frozen statement and itemised
// figures), the adjustments booked for them, and the history of closes and reopenings
// (docs/ARCHITECTURE.md#pl-by-month). The rules (which month may close, what is booked) are
// lib/reports/month-close's and the actions'; this module reads and writes rows.

/** One itemised figure: a source (an order, a refund day, an input's day) × a P&L line, in cents. */
export interface BookItem {
  source: string;
  lineKey: string;
  cents: number;
}

/** An adjustment to a closed month (`forMonth`) booked in `bookedMonth`. */
export interface BookedAdjustment extends BookItem {
  bookedMonth: string;
  forMonth: string;
}

export type MonthCloseRow = MonthCloseTable;
export type MonthCloseEvent = MonthCloseEventTable;

type Db = Kysely<StoreDatabase>;

/** `fn` in `db`'s transaction, or in a new one. */
function inTransaction<T>(db: Db, fn: (trx: Transaction<StoreDatabase>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<StoreDatabase>) : db.transaction().execute(fn);
}

/**
 * Runs `fn` holding the shop's books lock, in one transaction: closing and reopening check the chain
 * of closed months and write under it, so two at once (two instances, a double click) run one after
 * the other and the second sees the first's months. PostgreSQL locks the shop's row of st_books_lock
 * (SELECT … FOR UPDATE, waiting for the holder's commit); SQLite's transaction writes that row first,
 * which takes the database's one write lock for the whole transaction (waiting on busy_timeout).
 */
export async function withBooksLock<T>(
  db: Db,
  dialect: SqlDialect,
  shopId: string,
  now: number,
  fn: (trx: Transaction<StoreDatabase>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres')
    await db
      .insertInto('st_books_lock')
      .values({ shop_id: shopId, locked_at: now })
      .onConflict((oc) => oc.column('shop_id').doNothing())
      .execute();
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await trx.selectFrom('st_books_lock').select('shop_id').where('shop_id', '=', shopId).forUpdate().execute();
    else
      await trx
        .insertInto('st_books_lock')
        .values({ shop_id: shopId, locked_at: now })
        .onConflict((oc) => oc.column('shop_id').doUpdateSet({ locked_at: now }))
        .execute();
    return fn(trx);
  });
}

export async function readCloses(db: Kysely<StoreDatabase>, shopId: string): Promise<MonthCloseRow[]> {
  return db.selectFrom('st_month_close').selectAll().where('shop_id', '=', shopId).orderBy('month').execute();
}

export async function readCloseItems(db: Kysely<StoreDatabase>, shopId: string, month: string): Promise<BookItem[]> {
  const rows = await db
    .selectFrom('st_month_close_item')
    .select(['source', 'line_key', 'cents'])
    .where('shop_id', '=', shopId)
    .where('month', '=', month)
    .execute();
  return rows.map((r) => ({ source: r.source, lineKey: r.line_key, cents: Number(r.cents) }));
}

/** The adjustments booked for closed month `forMonth` (in any later month). */
export async function readAdjustmentsFor(
  db: Kysely<StoreDatabase>,
  shopId: string,
  forMonth: string,
): Promise<BookedAdjustment[]> {
  const rows = await db
    .selectFrom('st_month_adjustment')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('for_month', '=', forMonth)
    .execute();
  return rows.map(adjustmentOf);
}

/** The adjustments booked in month `bookedMonth` (for any earlier closed month). */
export async function readAdjustmentsBookedIn(
  db: Kysely<StoreDatabase>,
  shopId: string,
  bookedMonth: string,
): Promise<BookedAdjustment[]> {
  const rows = await db
    .selectFrom('st_month_adjustment')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('booked_month', '=', bookedMonth)
    .execute();
  return rows.map(adjustmentOf);
}

const adjustmentOf = (r: StoreDatabase['st_month_adjustment']): BookedAdjustment => ({
  bookedMonth: r.booked_month,
  forMonth: r.for_month,
  source: r.source,
  lineKey: r.line_key,
  cents: Number(r.cents),
});

/** The history of closes and reopenings, latest first. */
export async function readCloseEvents(
  db: Kysely<StoreDatabase>,
  shopId: string,
  limit = 50,
): Promise<MonthCloseEvent[]> {
  const rows = await db
    .selectFrom('st_month_close_event')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, at: Number(r.at) }));
}

export interface CloseWrite {
  shopId: string;
  month: string;
  at: number;
  person: string;
  basis: string;
  statement: string;
  items: readonly BookItem[];
  /** The pending adjustments of earlier closed months, booked in this month. */
  adjustments: readonly BookedAdjustment[];
}

/** Closes a month: its row, its items, the adjustments it books and the event, in one transaction (`db`'s, if it is one). */
export async function writeClose(db: Db, w: CloseWrite): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .insertInto('st_month_close')
      .values({
        shop_id: w.shopId,
        month: w.month,
        closed_at: w.at,
        closed_by: w.person,
        basis: w.basis,
        statement: w.statement,
      })
      .execute();
    for (const chunk of chunks(w.items, 500))
      await tx
        .insertInto('st_month_close_item')
        .values(
          chunk.map((i) => ({
            shop_id: w.shopId,
            month: w.month,
            source: i.source,
            line_key: i.lineKey,
            cents: i.cents,
          })),
        )
        .execute();
    for (const chunk of chunks(w.adjustments, 500))
      await tx
        .insertInto('st_month_adjustment')
        .values(
          chunk.map((a) => ({
            shop_id: w.shopId,
            booked_month: a.bookedMonth,
            for_month: a.forMonth,
            source: a.source,
            line_key: a.lineKey,
            cents: a.cents,
          })),
        )
        .execute();
    await tx
      .insertInto('st_month_close_event')
      .values({
        id: randomUUID(),
        shop_id: w.shopId,
        month: w.month,
        action: 'close',
        reason: null,
        person: w.person,
        at: w.at,
      })
      .execute();
  });
}

/** Reopens a closed month: its row, items and the adjustments booked in it go (they are pending again); the event stays. */
export async function writeReopen(
  db: Db,
  r: { shopId: string; month: string; at: number; person: string; reason: string },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.deleteFrom('st_month_close').where('shop_id', '=', r.shopId).where('month', '=', r.month).execute();
    await tx.deleteFrom('st_month_close_item').where('shop_id', '=', r.shopId).where('month', '=', r.month).execute();
    await tx
      .deleteFrom('st_month_adjustment')
      .where('shop_id', '=', r.shopId)
      .where('booked_month', '=', r.month)
      .execute();
    await tx
      .insertInto('st_month_close_event')
      .values({
        id: randomUUID(),
        shop_id: r.shopId,
        month: r.month,
        action: 'reopen',
        reason: r.reason,
        person: r.person,
        at: r.at,
      })
      .execute();
  });
}
