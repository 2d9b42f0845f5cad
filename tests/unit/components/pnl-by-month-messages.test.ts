import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/pnl-by-month/messages';

// The P&L by month's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the P&L by month’s sentences', () => {
  const facts = (locale: 'en-US' | 'de-DE', open: number, by: string | null) =>
    withLocale(locale, () =>
      say('monthFacts', {
        share: { percent: 0.0312 },
        month: { month: '2026-10' },
        settling: { text: open === 0 ? 'all' : by ? 'expected' : 'unknown' },
        open: { count: open },
        by: { day: by ?? '' },
        settleDays: { count: 14 },
        stored: { count: 30 },
        days: { count: 31 },
      }),
    );

  it('write the close dialog’s facts in the person’s locale, the words unchanged', () => {
    expect(facts('en-US', 1234, '2026-11-14')).toBe(
      '3.1% of Oct 2026’s net sales is still estimated: 1,234 orders are not settled yet; the last is expected to settle by about Nov 14, 2026 (9 in 10 orders here settle within 14 days). 30 of its 31 days are stored.',
    );
    expect(facts('en-US', 1, null)).toBe(
      '3.1% of Oct 2026’s net sales is still estimated: 1 order is not settled yet; too few of this shop’s orders have been seen settling to say when the last one will. 30 of its 31 days are stored.',
    );
    expect(facts('en-US', 0, null)).toBe(
      '3.1% of Oct 2026’s net sales is still estimated: every order has settled. 30 of its 31 days are stored.',
    );
    expect(facts('de-DE', 1234, '2026-11-14')).toMatch(
      /^3,1\s% of Okt\. 2026’s net sales is still estimated: 1\.234 orders are not settled yet; the last is expected to settle by about 14\. Nov\. 2026 \(9 in 10 orders here settle within 14 days\)\. 30 of its 31 days are stored\.$/,
    );
  });

  it('write the panel’s history and the journal’s parts, the words unchanged', () => {
    const entry = {
      month: { month: '2026-10' },
      person: { text: 'owner@demo.example' },
      at: { text: 'Nov 3, 2026, 09:12' },
    };
    expect(say('historyEntry', { ...entry, action: { text: 'close' } })).toBe(
      'Oct 2026 closed by owner@demo.example, Nov 3, 2026, 09:12',
    );
    expect(say('historyEntry', { ...entry, action: { text: 'reopen' } })).toBe(
      'Oct 2026 reopened by owner@demo.example, Nov 3, 2026, 09:12',
    );
    const part = (saved: string) =>
      say('journalPart', { part: { count: 2 }, parts: { count: 3 }, saved: { text: saved } });
    expect(part('yes')).toBe('Part 2 of 3 (saved)');
    expect(part('no')).toBe('Part 2 of 3');
    expect(
      withLocale('de-DE', () =>
        say('journalSavedParts', {
          format: { text: 'Xero' },
          month: { month: '2026-10' },
          saved: { count: 1 },
          parts: { count: 1200 },
        }),
      ),
    ).toBe('Saved the Xero journal of Okt. 2026: 1 of 1.200 files (at most 300 rows a file).');
  });
});
