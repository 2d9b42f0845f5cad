import 'server-only';
import type { Kysely } from 'kysely';
import type { AlertFigure, AlertItem } from '@/lib/alerts/schemas';
import { DEFAULT_LOCALE, withLocale, type Locale } from '@/lib/format/locale';
import { asSentence, formatSentence, type Sentence } from '@/lib/format/sentence';
import type { StoreDatabase } from '@/lib/store/schema';
import type { AlertKind } from './rules';

// A person's inbox: the alerts of the shops they may see (an alert naming costs or profit only for
// people who see them), without the rules they muted, newest first, each read or not for them.

type Db = Kysely<StoreDatabase>;

export interface InboxReader {
  personId: string;
  /** The shops they may see; null: every shop. */
  shopIds: readonly string[] | null;
  seesProfit: boolean;
}

const INBOX_LIMIT = 100;

function visible(db: Db, reader: InboxReader) {
  let query = db
    .selectFrom('st_alert as a')
    .leftJoin('st_alert_read as r', (join) =>
      join.onRef('r.alert_id', '=', 'a.id').on('r.person_id', '=', reader.personId),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('st_alert_mute as m')
            .select('m.rule_id')
            .whereRef('m.rule_id', '=', 'a.rule_id')
            .where('m.person_id', '=', reader.personId),
        ),
      ),
    );
  if (reader.shopIds !== null)
    query = query.where('a.shop_id', 'in', reader.shopIds.length > 0 ? [...reader.shopIds] : ['\u0000']);
  if (!reader.seesProfit) query = query.where('a.needs_profit', '=', 0);
  return query;
}

export async function unreadCount(db: Db, reader: InboxReader): Promise<number> {
  const row = await visible(db, reader)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.alert_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function inbox(
  db: Db,
  reader: InboxReader,
  shopNames: ReadonlyMap<string, string>,
  options: { unreadOnly?: boolean; locale?: Locale } = {},
): Promise<{ items: AlertItem[]; unread: number }> {
  let query = visible(db, reader)
    .select([
      'a.id',
      'a.rule_id',
      'a.shop_id',
      'a.kind',
      'a.title',
      'a.message',
      'a.words',
      'a.figure',
      'a.link',
      'a.opened_at',
      'a.last_seen_at',
      'a.cleared_at',
      'r.read_at',
    ])
    .orderBy('a.opened_at', 'desc')
    .orderBy('a.id')
    .limit(INBOX_LIMIT);
  if (options.unreadOnly) query = query.where('r.alert_id', 'is', null);
  const [rows, unread] = await Promise.all([query.execute(), unreadCount(db, reader)]);
  return {
    unread,
    items: rows.map((r) => ({
      ...readWords(r, options.locale ?? DEFAULT_LOCALE),
      id: r.id,
      ruleId: r.rule_id,
      shopId: r.shop_id,
      shopName: shopNames.get(r.shop_id) ?? r.shop_id,
      kind: r.kind as AlertKind,
      figure: JSON.parse(r.figure) as AlertFigure,
      link: r.link,
      openedAt: Number(r.opened_at),
      lastSeenAt: Number(r.last_seen_at),
      clearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
      read: r.read_at !== null,
    })),
  };
}

/** The title and message in the reader's locale; an alert opened before sentences were kept, as it was written. */
function readWords(
  row: { title: string; message: string; words: string | null },
  locale: Locale,
): { title: string; message: string } {
  const words = parseWords(row.words);
  if (!words) return { title: row.title, message: row.message };
  return withLocale(locale, () => ({ title: formatSentence(words.title), message: formatSentence(words.message) }));
}

/** The stored { title, message } sentences, or null (an alert opened before v23, or a row that cannot be read). */
function parseWords(json: string | null): { title: Sentence; message: Sentence } | null {
  if (!json) return null;
  try {
    const stored = JSON.parse(json) as { title?: unknown; message?: unknown };
    const [title, message] = [asSentence(stored.title), asSentence(stored.message)];
    return title && message ? { title, message } : null;
  } catch {
    return null;
  }
}

/** Marks the alerts read for the reader (only those they may see), or all of them. */
export async function markRead(
  db: Db,
  reader: InboxReader,
  ids: readonly string[] | 'all',
  now: number,
): Promise<void> {
  let query = visible(db, reader).select('a.id').where('r.alert_id', 'is', null);
  if (ids !== 'all') query = query.where('a.id', 'in', ids.length > 0 ? [...ids] : ['\u0000']);
  const unread = await query.execute();
  if (unread.length === 0) return;
  await db
    .insertInto('st_alert_read')
    .values(unread.map((r) => ({ person_id: reader.personId, alert_id: r.id, read_at: now })))
    .onConflict((oc) => oc.columns(['person_id', 'alert_id']).doNothing())
    .execute();
}
