import { sayer } from '@/lib/format/sentence';

// The export button's sentences that carry a figure (why it waits, its progress, what it saved),
// each one whole template (lib/format/sentence's ICU subset), so a translator reads and reorders
// them here, never pieced together where they are shown (docs/ARCHITECTURE.md#the-persons-locale).
// Figures are values, written in the person's locale.

export const EXPORT_MESSAGES = {
  /** A disabled export's note while its range syncs: how many of the range's days are stored. */
  syncing:
    'Export available once this range is synced ({stored} of {total, plural, one {# day} other {# days}} stored).',
  /** The status while a file downloads, its row count not known yet: the bytes so far. */
  exportingBytes: 'Exporting… {bytes}',
  /** … with the rows so far and the bytes. */
  exportingRows: 'Exporting… {rows, plural, one {# row} other {# rows}} ({bytes})',
  /** The status once an Excel file is saved (its rows are not counted): its size. */
  savedExcel: 'Saved the Excel file ({bytes}).',
  /** The status once a CSV is saved: its rows. */
  savedRows: 'Saved {rows, plural, one {# row} other {# rows}}.',
  /** … with why the file has more rows than the page has items ("one row per product line"). */
  savedRowsNote: 'Saved {rows, plural, one {# row} other {# rows}} ({note}).',
  /** A failed download's message when the server said nothing readable: its HTTP status. */
  failed: 'The export failed (HTTP {status}).',
} as const satisfies Record<string, string>;

/** One of the export button's sentences in words, in the person's locale. */
export const say = sayer(EXPORT_MESSAGES);
