import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { asSentence, formatSentence, sentence } from '@/lib/format/sentence';

// A sentence composed once (an alert) is read by each person in their locale: its figures and days
// are written where it is read, and its words come from one whole template a translator could
// reorder, never from pieces.

const refund = sentence(
  '{which, select, both {Refunds on {day} came to {refunds}: {share} of the day’s net sales, {multiple}× the median.} other {Refunds on {day} came to {refunds}.}}',
  {
    which: { text: 'both' },
    day: { day: '2026-11-26' },
    refunds: { money: 123456, currency: 'EUR' },
    share: { percent: 0.1234 },
    multiple: { decimal: 3.25 },
  },
);

describe('sentences written in the reader’s locale', () => {
  it('writes money, days, percentages and measures as each locale does', () => {
    expect(withLocale('en-US', () => formatSentence(refund))).toBe(
      'Refunds on Nov 26, 2026 came to €1,234.56: 12.3% of the day’s net sales, 3.3× the median.',
    );
    const german = withLocale('de-DE', () => formatSentence(refund));
    expect(german).toContain('Refunds on 26. Nov. 2026 came to 1.234,56');
    expect(german).toContain('12,3');
    expect(german).toContain('3,3× the median');
    expect(withLocale('en-GB', () => formatSentence(refund))).toContain('on 26 Nov 2026 came to €1,234.56');
  });

  it('chooses the plural by the count and writes the count in the locale', () => {
    const orders = (count: number) =>
      sentence('{orders, plural, one {The one order} other {All # orders}} of {month} settled', {
        orders: { count },
        month: { month: '2026-10' },
      });
    expect(withLocale('en-US', () => formatSentence(orders(1)))).toBe('The one order of Oct 2026 settled');
    expect(withLocale('en-US', () => formatSentence(orders(1234)))).toBe('All 1,234 orders of Oct 2026 settled');
    expect(withLocale('de-DE', () => formatSentence(orders(1234)))).toBe('All 1.234 orders of Okt. 2026 settled');
  });

  it('writes an instant on its clock, and a missing share or instant as the tables do', () => {
    const saved = (at: number | null, margin: number | null) =>
      sentence('Saved {at} at a {margin} margin', {
        at: { time: at, timeZone: 'Europe/Berlin' },
        margin: { percent: margin },
      });
    const at = Date.parse('2026-11-26T21:45:00Z');
    expect(withLocale('en-US', () => formatSentence(saved(at, 0.25)))).toBe(
      'Saved Nov 26, 2026, 22:45 at a 25.0% margin',
    );
    expect(withLocale('de-DE', () => formatSentence(saved(at, 0.25)))).toMatch(
      /^Saved 26\. Nov\. 2026, 22:45 at a 25,0\s%/,
    );
    expect(withLocale('en-US', () => formatSentence(saved(null, null)))).toBe('Saved never at a — margin');
  });

  it('writes a seller’s own text as it is, braces included, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const s = sentence('{sku} is losing money', { sku: { text: name } });
        expect(formatSentence(s)).toBe(`${name} is losing money`);
      }),
    );
  });

  it('reads a stored sentence back, and refuses what is not one', () => {
    const stored = JSON.parse(JSON.stringify(refund)) as unknown;
    expect(asSentence(stored)).toEqual(refund);
    expect(asSentence('Refunds on 2026-11-26')).toBeNull();
    expect(asSentence({ template: 1, values: {} })).toBeNull();
    expect(asSentence(null)).toBeNull();
  });
});
