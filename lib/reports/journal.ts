import { formatMonth } from '@/lib/format/time';
import {
  accountKeyOf,
  contraKeyOf,
  DEFAULT_TAX_RATE,
  postingLines,
  type AccountKey,
  type EffectiveAccount,
} from './journal-accounts';
import type { PnlLineValue } from './pnl-lines';

// One shop's journal for one month (docs/ARCHITECTURE.md#journals), pure: from the month's statement
// lines and the effective accounts, one journal line per posted statement line (none aggregated,
// zero lines dropped, the statement's words as description), each with its counter-entry summed per
// counter account (the marketplace clearing, inventory…), so a journal balances by construction; it
// is checked anyway. A journal longer than an import file takes is cut into parts, each balanced
// with its own counter-entries.

/** Xero imports at most 300 lines a file; a QuickBooks file is cut the same way so both agree. */
export const MAX_JOURNAL_ROWS = 300;

export interface JournalEntry {
  /** The statement line it posts (`fees.transactionFee`), or a counter-entry's key (`clearing`). */
  key: string;
  description: string;
  code: string;
  /** The account's name (QuickBooks imports names); its code when the seller gave none. */
  name: string;
  taxRate: string;
  /** Cents, debits positive and credits negative (Xero's sign): a statement line's cents negated. */
  amount: number;
}

export interface JournalPart {
  /** Shared by every row of the part: Xero groups a journal's lines by narration and date. */
  narration: string;
  /** QuickBooks' Journal No.: `ACME-2026-03`, `-DRAFT` for a month not closed, `-2` for a second part. */
  number: string;
  entries: JournalEntry[];
}

export interface Journal {
  month: string;
  /** The month's last day (`YYYY-MM-DD`): a month's journal is dated when the month ends. */
  date: string;
  draft: boolean;
  parts: JournalPart[];
}

export interface JournalInput {
  shop: { name: string };
  month: string;
  status: 'closed' | 'open';
  lines: readonly PnlLineValue[];
  /** The effective account of a key (lib/reports/journal-accounts' `effectiveAccount`). */
  account: (key: string) => EffectiveAccount;
  maxRows?: number;
}

/** A journal, or the keys no account is set for (the export refuses, naming them). */
export type JournalResult = { journal: Journal } | { unmapped: AccountKey[] };

/** `2026-03` → `2026-03-31`. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

/** Up to four letters or digits of the shop's name: QuickBooks keeps a Journal No. to 21 characters. */
function shopCode(name: string): string {
  const letters = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 4);
  return letters || 'SHOP';
}

/** Each statement line's description: a part says its line ("Platform fees: Transaction fee"). */
function descriptions(lines: readonly PnlLineValue[], month: string): Map<string, string> {
  const out = new Map<string, string>();
  let parent: PnlLineValue | undefined;
  for (const l of lines) {
    if (l.kind !== 'part') parent = l;
    const words = l.kind === 'part' && parent ? `${parent.label}: ${l.label}` : l.label;
    out.set(
      l.key,
      l.key.startsWith('adjustments.') ? `Adjustment to a month before ${formatMonth(month)}: ${l.label}` : words,
    );
  }
  return out;
}

export function buildJournal(input: JournalInput): JournalResult {
  const { month, lines } = input;
  const words = descriptions(lines, month);
  const posting = postingLines(lines).filter((l) => l.cents !== 0);
  const unmapped = new Map<string, AccountKey>();
  const posted: { entry: JournalEntry; contra: EffectiveAccount }[] = [];
  for (const line of posting) {
    const account = input.account(accountKeyOf(line.key));
    // A key this version does not list has no words of its own: the statement's name it.
    const label = account.label === account.key ? line.label : account.label;
    if (account.source === null) unmapped.set(account.key, { key: account.key, label, role: account.role });
    if (account.code === null) continue;
    const contra = input.account(contraKeyOf(accountKeyOf(line.key)));
    if (contra.code === null) {
      unmapped.set(contra.key, { key: contra.key, label: contra.label, role: contra.role });
      continue;
    }
    posted.push({
      entry: {
        key: line.key,
        description: words.get(line.key) ?? line.label,
        code: account.code,
        name: account.name ?? account.code,
        taxRate: account.taxRate ?? DEFAULT_TAX_RATE,
        amount: -line.cents,
      },
      contra,
    });
  }
  if (unmapped.size > 0) return { unmapped: [...unmapped.values()] };
  const draft = input.status !== 'closed';
  const chunks = cut(posted, input.maxRows ?? MAX_JOURNAL_ROWS);
  const base = `${shopCode(input.shop.name)}-${month}${draft ? '-DRAFT' : ''}`;
  const title = `${input.shop.name}: marketplace sales and costs, ${formatMonth(month)}${draft ? ' (DRAFT: month not closed)' : ''}`;
  const parts = chunks.map((chunk, i) => {
    const several = chunks.length > 1;
    const part: JournalPart = {
      narration: several ? `${title}, part ${i + 1} of ${chunks.length}` : title,
      number: several ? `${base}-${i + 1}` : base,
      entries: [...chunk.map((p) => p.entry), ...counterEntries(chunk, month)],
    };
    assertBalanced(part);
    return part;
  });
  return { journal: { month, date: lastDayOf(month), draft, parts } };
}

/** The counter-entries of some posted lines: one per counter account, in the order first met. */
function counterEntries(chunk: readonly { entry: JournalEntry; contra: EffectiveAccount }[], month: string) {
  const sums = new Map<string, { contra: EffectiveAccount; amount: number }>();
  for (const { entry, contra } of chunk) {
    const at = sums.get(contra.key) ?? { contra, amount: 0 };
    at.amount -= entry.amount;
    sums.set(contra.key, at);
  }
  return [...sums.values()]
    .filter((s) => s.amount !== 0)
    .map(({ contra, amount }): JournalEntry => ({
      key: contra.key,
      description: `${contra.label} (${formatMonth(month)})`,
      code: contra.code!,
      name: contra.name ?? contra.code!,
      taxRate: contra.taxRate ?? DEFAULT_TAX_RATE,
      amount,
    }));
}

/** The posted lines cut so that each chunk's lines and counter-entries fit in `maxRows` rows. */
function cut<T extends { contra: EffectiveAccount }>(posted: readonly T[], maxRows: number): T[][] {
  const chunks: T[][] = [];
  let chunk: T[] = [];
  let contras = new Set<string>();
  for (const p of posted) {
    const more = contras.has(p.contra.key) ? 0 : 1;
    if (chunk.length > 0 && chunk.length + 1 + contras.size + more > maxRows) {
      chunks.push(chunk);
      chunk = [];
      contras = new Set();
    }
    chunk.push(p);
    contras.add(p.contra.key);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

function assertBalanced(part: JournalPart): void {
  const sum = part.entries.reduce((a, e) => a + e.amount, 0);
  if (sum !== 0 || part.entries.some((e) => !Number.isSafeInteger(e.amount)))
    throw new Error(`Journal ${part.number} does not balance: debits and credits differ by ${sum} cents`);
}
