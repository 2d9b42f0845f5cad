import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from './schema';

// The seller's books settings and the record of journals downloaded (migration v19,
// docs/ARCHITECTURE.md#journals): the books currency every shop's journal is converted into (none:
// each shop's own), and each journal file downloaded, so a reopening can say which journals the
// seller may have imported and must reverse.

type Db = Kysely<StoreDatabase>;

const CURRENCY = 'currency';

/** The books currency (a 3-letter code), or null: each shop's journal in the shop's own currency. */
export async function readBooksCurrency(db: Db): Promise<{ currency: string; at: number; by: string } | null> {
  const row = await db.selectFrom('st_books_setting').selectAll().where('key', '=', CURRENCY).executeTakeFirst();
  return row ? { currency: row.value, at: Number(row.updated_at), by: row.updated_by } : null;
}

/** Sets the books currency, or removes it (null). */
export async function writeBooksCurrency(db: Db, currency: string | null, person: string, now: number): Promise<void> {
  if (currency === null) {
    await db.deleteFrom('st_books_setting').where('key', '=', CURRENCY).execute();
    return;
  }
  const values = { value: currency, updated_at: now, updated_by: person };
  await db
    .insertInto('st_books_setting')
    .values({ key: CURRENCY, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

export interface JournalDownloadRecord {
  month: string;
  format: 'xero' | 'quickbooks';
  part: number;
  parts: number;
  number: string;
  draft: boolean;
  currency: string;
  at: number;
  person: string;
}

export async function recordJournalDownload(db: Db, shopId: string, d: JournalDownloadRecord): Promise<void> {
  await db
    .insertInto('st_journal_download')
    .values({
      id: randomUUID(),
      shop_id: shopId,
      month: d.month,
      format: d.format,
      part: d.part,
      parts: d.parts,
      number: d.number,
      draft: d.draft ? 1 : 0,
      currency: d.currency,
      at: d.at,
      person: d.person,
    })
    .execute();
}

/** The journals of a month downloaded since `since` (ms), latest first. */
export async function readJournalDownloads(
  db: Db,
  shopId: string,
  month: string,
  since = 0,
): Promise<JournalDownloadRecord[]> {
  const rows = await db
    .selectFrom('st_journal_download')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('month', '=', month)
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    month: r.month,
    format: r.format === 'quickbooks' ? 'quickbooks' : 'xero',
    part: Number(r.part),
    parts: Number(r.parts),
    number: r.number,
    draft: Number(r.draft) === 1,
    currency: r.currency,
    at: Number(r.at),
    person: r.person,
  }));
}
