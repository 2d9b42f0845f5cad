import 'server-only';
import { buffer } from 'node:stream/consumers';
import { claimDigest, composeDigest, duePeriods, settleDigest, type Digest } from '@/lib/alerts/digest';
import { serverConfig } from '@/lib/config/env';
import { aboutExportedAt, aboutRange } from '@/lib/exports/about';
import { exportFilename } from '@/lib/exports/filename';
import { oneBatch } from '@/lib/server/exports/respond';
import { xlsxStream } from '@/lib/exports/xlsx';
import { logWarning } from '@/lib/log';
import { deliverMail, mailEnabled } from '@/lib/mail';
import { skuProfitCsvColumns } from '@/lib/reports/sku-profit-csv';
import { getOrderStore } from '@/lib/store';
import { readCostInputs } from '@/lib/store/cost-inputs';
import { getSyncEngine } from '@/lib/sync';
import { getPerson } from '@/lib/team/people';
import { DEFAULT_LOCALE, isLocale } from '@/lib/format/locale';
import { sentence, type Sentence } from '@/lib/format/sentence';
import { alertShopOf, type AlertShop } from '@/lib/alerts/context';
import { booksNote } from '@/lib/alerts/evaluate-books';
import { connectedShops } from './loaders/shops';
import { refundPartsOf } from './access';

// The digests' job (every 5 minutes, one instance at a time): for each person who asked for a
// digest, each shop they may see whose clock has reached their hour gets yesterday's digest (and on
// Mondays last week's) once: the (person, shop, period) row is claimed before anything is sent. A
// restart or a missed tick sends the latest period at the next tick; older periods are not sent.

/** A claim older than this whose send never ended, or that was refused for now, is tried again. */
const STUCK_MS = 15 * 60_000;

async function watchLine(shop: AlertShop, seesProfit: boolean, now: number): Promise<Sentence[]> {
  const store = await getOrderStore();
  let open = store.db
    .selectFrom('st_alert')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shop.id)
    .where('cleared_at', 'is', null);
  if (!seesProfit) open = open.where('needs_profit', '=', 0);
  const [row, progress] = await Promise.all([open.executeTakeFirst(), (await getSyncEngine()).progress(shop.id)]);
  const notes: Sentence[] = [];
  const count = Number(row?.n ?? 0);
  if (count > 0)
    notes.push(sentence('{count, plural, one {# open alert} other {# open alerts}}', { count: { count } }));
  if (progress.state === 'failed' && progress.error)
    notes.push(sentence('the sync stopped: {error}', { error: { text: progress.error } }));
  else if (progress.lastSyncedAt !== null && now - progress.lastSyncedAt > 2 * 3_600_000)
    notes.push(
      sentence('the data was last read {minutes, plural, one {# minute} other {# minutes}} ago', {
        minutes: { count: Math.round((now - progress.lastSyncedAt) / 60_000) },
      }),
    );
  return notes;
}

async function attachment(digest: Digest, shop: AlertShop) {
  const range = digest.report.range;
  // Its figures are numbers with a number format: the reader's Excel shows them in its own locale.
  const file = xlsxStream(skuProfitCsvColumns, oneBatch(digest.report.rows), {
    title: `SKU profit: ${shop.name}`,
    currency: shop.currency,
    about: [['Shop', `${shop.name} (${shop.id})`], aboutRange(range, shop.timezone), aboutExportedAt(shop.timezone)],
  });
  return {
    filename: exportFilename('sku-profit', shop.name, range.from, range.to).replace(/\.csv$/, '.xlsx'),
    content: await buffer(file),
  };
}

/** One tick: sends every digest due at `now`, and records each as claimed and settled at `now` (one clock per tick, so a retry is due 15 minutes after the tick that was refused). */
export async function runDigests(now = Date.now()): Promise<void> {
  if (!mailEnabled()) return;
  const store = await getOrderStore();
  const db = store.db;
  const prefs = await db
    .selectFrom('st_digest_pref')
    .selectAll()
    .where((eb) => eb.or([eb('daily', '=', 1), eb('weekly', '=', 1)]))
    .execute();
  if (prefs.length === 0) return;
  // A claim whose send never ended (the process stopped mid-send), or that the mail server refused
  // for now, is given up after STUCK_MS: this tick claims it again and sends it once more.
  await db
    .deleteFrom('st_digest_sent')
    .where('state', 'in', ['sending', 'retry'])
    .where('at', '<', now - STUCK_MS)
    .execute();
  const shops = await connectedShops();
  const origin = serverConfig().publicUrl ?? '';
  for (const pref of prefs) {
    const person = await getPerson(db, pref.person_id);
    if (!person) continue;
    const visible = person.shops === 'all' ? shops : shops.filter((s) => (person.shops as string[]).includes(s.id));
    for (const connected of visible) {
      const shop = alertShopOf(connected);
      for (const period of duePeriods(now, shop.timezone, Number(pref.hour), pref.daily === 1, pref.weekly === 1)) {
        const key = { personId: person.id, shopId: shop.id, period: period.key };
        if (!(await claimDigest(db, key.personId, key.shopId, key.period, now))) continue;
        try {
          const costs = await readCostInputs(db, shop.id);
          // The recipient's locale; with none chosen, en-US (an e-mail has no browser to ask).
          const digestLocale = isLocale(person.locale) ? person.locale : DEFAULT_LOCALE;
          const digest = await composeDigest({
            store,
            now,
            shop,
            costs,
            period,
            seesProfit: person.seesProfit,
            refundParts: refundPartsOf(person.seesProfit),
            origin,
            watch: await watchLine(shop, person.seesProfit, now),
            books: person.seesProfit ? await booksNote({ store, shop, now, costs, progress: null }) : [],
            locale: digestLocale,
          });
          const attach = pref.attach_xlsx === 1 && person.seesProfit ? [await attachment(digest, shop)] : undefined;
          const refusal = await deliverMail({
            to: person.email,
            subject: digest.subject,
            text: digest.text,
            attachments: attach,
          });
          // A 5xx is the mail server's final word (an unknown address); anything else may pass later.
          const permanent = refusal !== null && refusal.responseCode !== null && refusal.responseCode >= 500;
          await settleDigest(
            db,
            key,
            refusal
              ? permanent
                ? { state: 'failed', error: `the mail server refused ${person.email} (${refusal.responseCode})` }
                : { state: 'retry', error: refusal.error }
              : { state: 'sent' },
            now,
          );
        } catch (error) {
          logWarning('digest', `the digest of ${shop.id} (${period.key}) could not be sent`, error);
          await settleDigest(
            db,
            key,
            { state: 'failed', error: 'the digest could not be composed; see the server log' },
            now,
          );
        }
      }
    }
  }
}
