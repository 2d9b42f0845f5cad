import { csvCell, UTF8_BOM } from '@/lib/csv';
import { decimalText, type Journal, type JournalPart } from './journal';

// A journal as the files accounting tools import (docs/ARCHITECTURE.md#journals): Xero's manual
// journal import (its template's columns, amounts signed: debits positive; the narration names the
// journal's number, shop and currency) and QuickBooks Online's journal entry import (Debits and
// Credits apart, positive; the shop as the Class and in each description, since nothing else in
// QuickBooks' file names it; a Currency Code when the journal was converted into the books
// currency, as QuickBooks' multicurrency import reads it). One file per part of the journal (each
// part balanced and within the 300 lines Xero takes a file). Money is plain decimal text with two
// places, no currency sign, a dot: what both import; it is written past the formula rule because a
// leading minus is a number there, while every text cell goes through lib/csv.

export type JournalFormat = 'xero' | 'quickbooks';

export const JOURNAL_FORMATS: readonly JournalFormat[] = ['xero', 'quickbooks'];

export const XERO_COLUMNS = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

export const QUICKBOOKS_COLUMNS = [
  'Journal No.',
  'Journal Date',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Class',
] as const;

/** The column a converted journal adds to the QuickBooks file: its amounts' currency. */
export const QUICKBOOKS_CURRENCY_COLUMN = 'Currency Code';

/** The tracking category a Xero journal names the shop under. */
export const XERO_TRACKING_NAME = 'Shop';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03-31` → `31 Mar 2026`: the form of Xero's two that no region reads the other way round. */
function xeroDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** `2026-03-31` → `03/31/2026` (a US company's format), or `31/03/2026` elsewhere: QuickBooks reads the company's own. */
function quickbooksDate(day: string, monthFirst: boolean): string {
  const [y, m, d] = day.split('-');
  return monthFirst ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

type Cell = { text: string | null } | { money: number | null };

function line(cells: readonly Cell[]): string {
  const out = cells.map((c) => ('text' in c ? csvCell(c.text) : c.money === null ? '' : decimalText(c.money)));
  return `${out.join(',')}\r\n`;
}

const text = (value: string | null): Cell => ({ text: value });
const money = (cents: number | null): Cell => ({ money: cents });

export interface JournalFileOptions {
  shopName: string;
  /** The shop's region (`US`…): QuickBooks' date order. */
  region: string;
}

function xeroRows(journal: Journal, part: JournalPart, o: JournalFileOptions): string[] {
  return part.entries.map((e) =>
    line([
      text(part.narration),
      text(xeroDate(journal.date)),
      text(e.description),
      text(e.code),
      text(e.taxRate),
      money(e.amount),
      text(XERO_TRACKING_NAME),
      text(o.shopName),
      text(null),
      text(null),
    ]),
  );
}

/** A journal converted into the books currency says so in QuickBooks' own column. */
const converted = (journal: Journal) => journal.currency !== journal.shopCurrency;

function quickbooksRows(journal: Journal, part: JournalPart, o: JournalFileOptions): string[] {
  const date = quickbooksDate(journal.date, o.region.toUpperCase() === 'US');
  return part.entries.map((e) =>
    line([
      text(part.number),
      text(date),
      text(e.name),
      money(e.amount > 0 ? e.amount : null),
      money(e.amount < 0 ? -e.amount : null),
      text(`${o.shopName}: ${e.description}`),
      text(o.shopName),
      ...(converted(journal) ? [text(journal.currency)] : []),
    ]),
  );
}

/** The columns of a journal's file in a format. */
export function journalColumns(journal: Journal, format: JournalFormat): readonly string[] {
  if (format === 'xero') return XERO_COLUMNS;
  return converted(journal) ? [...QUICKBOOKS_COLUMNS, QUICKBOOKS_CURRENCY_COLUMN] : QUICKBOOKS_COLUMNS;
}

/** The file of one part of a journal, in a format: UTF-8 with BOM, CRLF, the header first. */
export function journalFile(journal: Journal, index: number, format: JournalFormat, o: JournalFileOptions): string {
  const part = journal.parts[index];
  const rows = part ? (format === 'xero' ? xeroRows : quickbooksRows)(journal, part, o) : [];
  return UTF8_BOM + line(journalColumns(journal, format).map(text)) + rows.join('');
}
