import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/refunds/messages';

// The Refunds page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the Refunds page’s sentences', () => {
  it('write the range and the days with refunds in the person’s locale, the words unchanged', () => {
    const range = { from: '2026-11-01', to: '2026-11-07' };
    expect(
      withLocale('en-US', () => say('summary', { range: { days: range }, zone: { text: 'America/Los_Angeles' } })),
    ).toBe(
      'Nov 1 – Nov 7, 2026 · America/Los_Angeles · Refunds are daily totals of the shop: they are not attributed to orders or SKUs.',
    );
    expect(withLocale('en-US', () => say('noRefunds', { range: { days: range } }))).toBe(
      'No refund cost was booked from Nov 1 – Nov 7, 2026.',
    );
    const days = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('daysWithRefunds', { days: { count: 1200 }, total: { count: 1460 } }));
    expect(days('en-US')).toBe('1,200 of 1,460');
    expect(days('de-DE')).toBe('1.200 of 1.460');
  });
});
