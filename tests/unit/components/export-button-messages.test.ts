import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/export-button/messages';
import { syncingExportNote } from '@/components/export-button/export-button';

// The export button's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the export button’s sentences', () => {
  it('write the syncing note and the rows saved in the person’s locale, the words unchanged', () => {
    expect(withLocale('en-US', () => syncingExportNote(12, 1460))).toBe(
      'Export available once this range is synced (12 of 1,460 days stored).',
    );
    expect(withLocale('de-DE', () => syncingExportNote(1200, 1460))).toBe(
      'Export available once this range is synced (1.200 of 1.460 days stored).',
    );
    const saved = (locale: 'en-US' | 'de-DE', rows: number) =>
      withLocale(locale, () =>
        say('savedRowsNote', { rows: { count: rows }, note: { text: 'one row per product line' } }),
      );
    expect(saved('en-US', 2086)).toBe('Saved 2,086 rows (one row per product line).');
    expect(saved('en-US', 1)).toBe('Saved 1 row (one row per product line).');
    expect(saved('de-DE', 2086)).toBe('Saved 2.086 rows (one row per product line).');
    expect(withLocale('en-US', () => say('exportingRows', { rows: { count: 1500 }, bytes: { text: '1.5 kB' } }))).toBe(
      'Exporting… 1,500 rows (1.5 kB)',
    );
  });
});
