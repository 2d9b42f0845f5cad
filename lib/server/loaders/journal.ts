import 'server-only';
import { storeDb } from '@/lib/server/store-db';
import { DashboardError } from '@/lib/api/dashboard-error';
import { ratePeriods } from '@/lib/costs/fx';
import { exportFilename } from '@/lib/exports/filename';
import { sayBooks } from '@/lib/reports/books-messages';
import { buildJournal, type Journal } from '@/lib/reports/journal';
import { journalShopCode } from '@/lib/reports/journal-numbers';
import { accountKeys, accountsOf, defaultTaxRate, type AccountKey } from '@/lib/reports/journal-accounts';
import { journalFile, type JournalFormat } from '@/lib/reports/journal-files';
import { linesByPeriod } from '@/lib/reports/journal-periods';
import type { AccountMapData, JournalQuery } from '@/lib/reports/journal-schemas';
import { readAccountRows } from '@/lib/store/account-map';
import { readBooksCurrency, recordJournalDownload } from '@/lib/store/books-records';
import { readFxRates } from '@/lib/store/fx-rates';
import { lastDayOfMonth } from '@/lib/time';
import { allows } from '@/lib/team/roles';
import { servingPerson, visibleShops } from '../access';
import { basisInputs, booksDeps } from './books';
import { monthStatement, type MonthStatement } from './journal-statement';
import { connectedShops, type ConnectedShop } from './shops';

// A shop's journal accounts and a month's journal file (docs/ARCHITECTURE.md#journals). The
// accounts' and the books currency's changes: ../actions/journal.

export async function loadAccountMap(shop: ConnectedShop): Promise<AccountMapData> {
  const person = servingPerson();
  const db = await storeDb();
  const [rows, books, shops] = await Promise.all([
    readAccountRows(db, shop.id),
    readBooksCurrency(db),
    connectedShops().then(visibleShops),
  ]);
  const account = accountsOf(rows, shop.id);
  const stamp = new Map(rows.map((r) => [`${r.shopId === '' ? 'every-shop' : 'shop'}:${r.key}`, r]));
  return {
    accounts: accountKeys().map((k) => {
      const a = account(k.key);
      const row = stamp.get(`${a.source}:${k.key}`);
      return { ...a, updatedAt: row?.updatedAt ?? null, updatedBy: row?.updatedBy ?? null };
    }),
    defaultTaxRate: defaultTaxRate(shop.shopRegion),
    canEdit: allows(person, 'close-books'),
    booksCurrency: books?.currency ?? null,
    shopCurrency: shop.currency,
    currencies: [...new Set(shops.map((s) => s.currency))].sort(),
  };
}

/** "Map these lines to accounts first: Platform fees: Shipping fee (fees.shippingFee), …". */
function unmappedSentence(keys: readonly AccountKey[]): string {
  const names = keys.map((k) => `${k.label} (${k.key})`).join(', ');
  return `Map these lines to accounts first, on the journal accounts page: ${names}. Nothing was exported.`;
}

/**
 * The journal's currency: the shop's own, or the books currency with the month's posted lines cut by
 * the rate periods of its days (All shops' rates and rule). A day no rate converts refuses the
 * journal, naming the pair and the days: a journal is never left unconverted in silence.
 */
async function currencyOf(shop: ConnectedShop, month: string, statement: MonthStatement) {
  const d = await booksDeps();
  const books = (await readBooksCurrency(d.store.db))?.currency;
  if (!books || books === shop.currency) return { shop: shop.currency };
  const from = `${month}-01`;
  const { periods, missing } = ratePeriods(
    await readFxRates(d.store.db),
    shop.currency,
    books,
    from,
    lastDayOfMonth(month),
  );
  if (missing)
    throw new DashboardError(
      'CONFLICT',
      sayBooks('rateMissing', {
        books: { text: books },
        shop: { text: shop.shopName },
        currency: { text: shop.currency },
        days: { days: missing },
        month: { month },
      }),
    );
  const inputs = statement.status === 'open' ? await basisInputs(d, shop.id, statement.basis) : null;
  const split = await linesByPeriod(d, shop, { ...statement, month, periods, inputs });
  return { shop: shop.currency, books, periods: split };
}

export interface JournalDownload {
  filename: string;
  body: string;
  parts: number;
}

export async function loadJournalFile(shop: ConnectedShop, query: JournalQuery): Promise<JournalDownload> {
  const [statement, rows] = await Promise.all([
    monthStatement(shop, query.month),
    storeDb().then((db) => readAccountRows(db, shop.id)),
  ]);
  const result = buildJournal({
    shop: { name: shop.shopName, code: journalShopCode(shop) },
    month: query.month,
    status: statement.status,
    lines: statement.lines,
    account: accountsOf(rows, shop.id),
    defaultTaxRate: defaultTaxRate(shop.shopRegion),
    currency: await currencyOf(shop, query.month, statement),
  });
  if ('unmapped' in result) throw new DashboardError('ACCOUNTS_UNMAPPED', unmappedSentence(result.unmapped));
  const journal: Journal = result.journal;
  const parts = Math.max(1, journal.parts.length);
  if (query.part > parts)
    throw new DashboardError(
      'INVALID_REQUEST',
      sayBooks('noSuchPart', { month: { month: query.month }, parts: { count: parts } }),
    );
  const part = journal.parts[query.part - 1];
  // Each file handed out is recorded: a reopening names the journals that may be in the books already.
  if (part)
    await recordJournalDownload(await storeDb(), shop.id, {
      month: query.month,
      format: query.format as JournalFormat,
      part: query.part,
      parts,
      number: part.number,
      draft: journal.draft,
      currency: journal.currency,
      at: Date.now(),
      person: servingPerson().email,
    });
  const pieces = [
    query.month,
    ...(journal.draft ? ['draft'] : []),
    ...(journal.currency !== journal.shopCurrency ? [journal.currency.toLowerCase()] : []),
    ...(parts > 1 ? [`part-${query.part}-of-${parts}`] : []),
  ];
  return {
    filename: exportFilename(`journal-${query.format}`, shop.shopName, ...pieces),
    body: journalFile(journal, query.part - 1, query.format as JournalFormat, {
      shopName: shop.shopName,
      region: shop.shopRegion,
    }),
    parts,
  };
}
