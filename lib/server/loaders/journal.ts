import 'server-only';
import { DashboardError } from '@/lib/api/dashboard-error';
import { exportFilename } from '@/lib/exports/filename';
import { formatMonth } from '@/lib/format/time';
import { buildJournal, type Journal } from '@/lib/reports/journal';
import { accountKeys, accountsOf, DEFAULT_TAX_RATE, type AccountKey } from '@/lib/reports/journal-accounts';
import { journalFile, type JournalFormat } from '@/lib/reports/journal-files';
import type { AccountMapData, JournalQuery } from '@/lib/reports/journal-schemas';
import { getOrderStore } from '@/lib/store';
import { readAccountRows } from '@/lib/store/account-map';
import { allows } from '@/lib/team/roles';
import { servingPerson } from '../access';
import { monthStatement } from './journal-statement';
import type { ConnectedShop } from './shops';

// A shop's journal accounts and a month's journal file (docs/ARCHITECTURE.md#journals). The
// accounts' changes: ../actions/journal.

export async function loadAccountMap(shop: ConnectedShop): Promise<AccountMapData> {
  const person = servingPerson();
  const rows = await readAccountRows((await getOrderStore()).db, shop.id);
  const account = accountsOf(rows, shop.id);
  const stamp = new Map(rows.map((r) => [`${r.shopId === '' ? 'every-shop' : 'shop'}:${r.key}`, r]));
  return {
    accounts: accountKeys().map((k) => {
      const a = account(k.key);
      const row = stamp.get(`${a.source}:${k.key}`);
      return { ...a, updatedAt: row?.updatedAt ?? null, updatedBy: row?.updatedBy ?? null };
    }),
    defaultTaxRate: DEFAULT_TAX_RATE,
    canEdit: allows(person, 'close-books'),
  };
}

/** "Map these lines to accounts first: Platform fees: Shipping fee (fees.shippingFee), …". */
function unmappedSentence(keys: readonly AccountKey[]): string {
  const names = keys.map((k) => `${k.label} (${k.key})`).join(', ');
  return `Map these lines to accounts first, on the journal accounts page: ${names}. Nothing was exported.`;
}

export interface JournalDownload {
  filename: string;
  body: string;
  parts: number;
}

export async function loadJournalFile(shop: ConnectedShop, query: JournalQuery): Promise<JournalDownload> {
  const [statement, rows] = await Promise.all([
    monthStatement(shop, query.month),
    getOrderStore().then((s) => readAccountRows(s.db, shop.id)),
  ]);
  const result = buildJournal({
    shop: { name: shop.shopName },
    month: query.month,
    status: statement.status,
    lines: statement.lines,
    account: accountsOf(rows, shop.id),
  });
  if ('unmapped' in result) throw new DashboardError('ACCOUNTS_UNMAPPED', unmappedSentence(result.unmapped));
  const journal: Journal = result.journal;
  const parts = Math.max(1, journal.parts.length);
  if (query.part > parts)
    throw new DashboardError(
      'INVALID_REQUEST',
      `part: the journal of ${formatMonth(query.month)} has ${parts} part${parts === 1 ? '' : 's'}`,
    );
  const pieces = [
    query.month,
    ...(journal.draft ? ['draft'] : []),
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
