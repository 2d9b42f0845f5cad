import { convertCents } from '@/lib/costs/fx';
import type { FxRate } from '@/lib/costs/types';
import { formatDay, formatDayRange, formatMonth } from '@/lib/format/time';
import { lastDayOfMonth } from '@/lib/time';
import {
  accountKeyOf,
  contraKeyOf,
  postingLines,
  ROUNDING_KEY,
  type AccountKey,
  type EffectiveAccount,
} from './journal-accounts';
import { journalNumber } from './journal-numbers';
import type { PnlLineValue } from './pnl-lines';

// One shop's journal for one month (docs/ARCHITECTURE.md#journals), pure: from the month's statement
// lines and the effective accounts, one journal line per posted statement line (none aggregated,
// zero lines dropped, the statement's words as description), each with its counter-entry summed per
// counter account (the marketplace clearing, inventory…), so a journal balances by construction; it
// is checked anyway. A journal longer than an import file takes is cut into parts, each balanced
// with its own counter-entries and its own number.
//
// In another currency than the shop's (the seller's books currency), each line is converted per
// rate period of the month (its figure over the days sharing one rate, converted once: the rates
// and rule of All shops, lib/costs/fx) and says its period; each counter-entry is its lines' own
// figure converted the same way (what the marketplace's payout of those days is worth), and what
// the rounding of the lines leaves over goes on a line of its own.

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
  /** Cents of the journal's currency, debits positive and credits negative (Xero's sign). */
  amount: number;
}

export interface JournalPart {
  /** Shared by every row of the part: Xero groups a journal's lines by narration and date. */
  narration: string;
  /** Its journal number, unique per shop, month and part: `US1A2B3C-202603`, `-D` for a draft, `-2` for a second part. */
  number: string;
  entries: JournalEntry[];
}

export interface Journal {
  month: string;
  /** The month's last day (`YYYY-MM-DD`): a month's journal is dated when the month ends. */
  date: string;
  draft: boolean;
  /** The currency of its amounts, and the shop's (they differ when it was converted). */
  currency: string;
  shopCurrency: string;
  parts: JournalPart[];
}

/** A rate period of the month and the cents of each posted statement line in its days. */
export interface ConversionPeriod {
  rate: FxRate;
  from: string;
  to: string;
  /** Posting line key → cents of the shop's currency (adjustments to closed months: in the period of the journal's date). */
  cents: ReadonlyMap<string, number>;
}

export interface JournalInput {
  /** `code`: the shop's journal code (`journalShopCode`). */
  shop: { name: string; code: string };
  month: string;
  status: 'closed' | 'open';
  lines: readonly PnlLineValue[];
  /** The effective account of a key (lib/reports/journal-accounts' `accountsOf`). */
  account: (key: string) => EffectiveAccount;
  /** The tax rate of a row whose account names none (the shop's country's, `defaultTaxRate`). */
  defaultTaxRate: string;
  /** The statement's currency; with `books` and `periods`, the journal is converted into `books`. */
  currency: { shop: string; books?: string; periods?: readonly ConversionPeriod[] };
  maxRows?: number;
}

/** A journal, or the keys no account is set for (the export refuses, naming them). */
export type JournalResult = { journal: Journal } | { unmapped: AccountKey[] };

/** Cents as `-1234.50`: the decimal text both tools import. */
export function decimalText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
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

/** One posted line in one rate period: its shop-currency cents, its journal entry and its counter-entry. */
interface Piece {
  cents: number;
  period: ConversionPeriod | null;
  entry: JournalEntry;
  contra: EffectiveAccount;
}

/** "GBP 1234.56 at 1.27 (GBP→USD from Jan 1, 2025), Oct 1 – Oct 31, 2026": what a converted line converts. */
function periodWords(p: ConversionPeriod, cents: number): string {
  const { rate } = p;
  return `${rate.currency} ${decimalText(cents)} at ${rate.rate} (${rate.currency}→${rate.target} rate from ${formatDay(rate.fromDay)}), ${formatDayRange(p.from, p.to)}`;
}

export function buildJournal(input: JournalInput): JournalResult {
  const { month, lines } = input;
  const periods = input.currency.books && input.currency.periods ? input.currency.periods : null;
  const words = descriptions(lines, month);
  // Converted, a line is posted per period: one at zero over the month may not be in each period.
  const posting = postingLines(lines).filter((l) =>
    periods ? periods.some((p) => (p.cents.get(l.key) ?? 0) !== 0) : l.cents !== 0,
  );
  const unmapped = new Map<string, AccountKey>();
  const need = (a: EffectiveAccount) => unmapped.set(a.key, { key: a.key, label: a.label, role: a.role });
  const taxOf = (a: EffectiveAccount) => a.taxRate ?? input.defaultTaxRate;
  const pieces: Piece[] = [];
  for (const line of posting) {
    const account = input.account(accountKeyOf(line.key));
    // A key this version does not list has no words of its own: the statement's name it.
    const label = account.label === account.key ? line.label : account.label;
    if (account.source === null) unmapped.set(account.key, { key: account.key, label, role: account.role });
    if (account.code === null) continue;
    const contra = input.account(contraKeyOf(accountKeyOf(line.key)));
    if (contra.code === null) {
      need(contra);
      continue;
    }
    const description = words.get(line.key) ?? line.label;
    const entry = (cents: number, period: ConversionPeriod | null): Piece => ({
      cents,
      period,
      contra,
      entry: {
        key: line.key,
        description: period ? `${description} · ${periodWords(period, cents)}` : description,
        code: account.code!,
        name: account.name ?? account.code!,
        taxRate: taxOf(account),
        amount: -(period ? convertCents(cents, period.rate.rate) : cents),
      },
    });
    if (!periods) pieces.push(entry(line.cents, null));
    else
      for (const p of periods) {
        const cents = p.cents.get(line.key) ?? 0;
        if (cents !== 0) pieces.push(entry(cents, p));
      }
  }
  const rounding = input.account(ROUNDING_KEY);
  if (periods && rounding.code === null) need(rounding);
  if (unmapped.size > 0) return { unmapped: [...unmapped.values()] };
  const draft = input.status !== 'closed';
  const chunks = cut(pieces, input.maxRows ?? MAX_JOURNAL_ROWS, periods ? 1 : 0);
  const currency = periods ? input.currency.books! : input.currency.shop;
  const inWords = periods
    ? `in ${currency}, converted from ${input.currency.shop} at your exchange rates`
    : `in ${currency}`;
  const title = `${input.shop.name}: marketplace sales and costs, ${formatMonth(month)}, ${inWords}${draft ? ' (DRAFT: month not closed)' : ''}`;
  const parts = chunks.map((chunk, i) => {
    const several = chunks.length > 1;
    const number = journalNumber(input.shop.code, month, draft, i + 1, chunks.length);
    const entries = [...chunk.map((p) => p.entry), ...counterEntries(chunk, month, taxOf)];
    const left = -entries.reduce((a, e) => a + e.amount, 0);
    if (left !== 0)
      entries.push({
        key: ROUNDING_KEY,
        description: `Rounding of the conversion into ${currency} (${formatMonth(month)})`,
        code: rounding.code!,
        name: rounding.name ?? rounding.code!,
        taxRate: taxOf(rounding),
        amount: left,
      });
    const part: JournalPart = {
      narration: `${number} · ${title}${several ? `, part ${i + 1} of ${chunks.length}` : ''}`,
      number,
      entries,
    };
    assertBalanced(part);
    return part;
  });
  return {
    journal: {
      month,
      date: lastDayOfMonth(month),
      draft,
      currency,
      shopCurrency: input.currency.shop,
      parts,
    },
  };
}

/**
 * The counter-entries of some posted lines: one per counter account, in the order first met, its
 * amount the lines' own figure (in the shop's currency) converted once per rate period.
 */
function counterEntries(chunk: readonly Piece[], month: string, taxOf: (a: EffectiveAccount) => string) {
  const sums = new Map<string, { contra: EffectiveAccount; byPeriod: Map<ConversionPeriod | null, number> }>();
  for (const { contra, cents, period } of chunk) {
    const at = sums.get(contra.key) ?? { contra, byPeriod: new Map() };
    at.byPeriod.set(period, (at.byPeriod.get(period) ?? 0) + cents);
    sums.set(contra.key, at);
  }
  return [...sums.values()]
    .map(({ contra, byPeriod }) => {
      let amount = 0;
      let shopCents = 0;
      for (const [period, cents] of byPeriod) {
        amount += period ? convertCents(cents, period.rate.rate) : cents;
        shopCents += cents;
      }
      const from = [...byPeriod.keys()][0]?.rate.currency;
      const converted = from ? `; ${from} ${decimalText(shopCents)} converted at the rate of each period` : '';
      return {
        key: contra.key,
        description: `${contra.label} (${formatMonth(month)}${converted})`,
        code: contra.code!,
        name: contra.name ?? contra.code!,
        taxRate: taxOf(contra),
        amount,
      };
    })
    .filter((e) => e.amount !== 0);
}

/**
 * The pieces cut so that each chunk's lines, counter-entries and `extra` rows (the rounding line of
 * a converted journal) fit in `maxRows` rows.
 */
function cut(pieces: readonly Piece[], maxRows: number, extra: number): Piece[][] {
  const chunks: Piece[][] = [];
  let chunk: Piece[] = [];
  let contras = new Set<string>();
  for (const p of pieces) {
    const more = contras.has(p.contra.key) ? 0 : 1;
    if (chunk.length > 0 && chunk.length + 1 + contras.size + more + extra > maxRows) {
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
