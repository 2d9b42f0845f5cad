import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/your-costs/messages';

// Your costs' message module: every sentence is one template a translator can read whole, and
// each one's figures are written in the person's locale, the same words around them.

describe('Your costs’ sentences', () => {
  it('write a range, a count and an amount in the person’s locale, the words unchanged', () => {
    const summary = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('adSpendSummary', {
          range: { days: { from: '2026-03-01', to: '2026-03-31' } },
          entries: { count: 1234 },
          total: { money: 123456, currency: 'USD' },
        }),
      );
    expect(summary('en-US')).toBe(
      'Mar 1 – Mar 31, 2026: 1,234 entries, $1,234.56 in all. Spend on a SKU counts against that SKU, on a product is split over its SKUs by sales, on the whole shop is a period cost.',
    );
    expect(summary('de-DE')).toMatch(/^.*2026: 1\.234 entries, 1\.234,56\s\$ in all\. Spend on a SKU/);
    const shown = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('skusShown', { shown: { count: 40 }, total: { count: 2086 } }));
    expect(shown('en-US')).toBe('40 of 2,086 SKUs shown — type to find the rest.');
    expect(shown('de-DE')).toBe('40 of 2.086 SKUs shown — type to find the rest.');
  });

  it('agree with one and many, and say a missing figure in words', () => {
    expect(say('rowErrors', { n: { count: 1 }, verb: { text: 'imported' } })).toBe(
      '1 problem in the file: nothing can be imported until it is fixed.',
    );
    expect(say('rowWarnings', { n: { count: 3 }, verb: { text: 'restored' } })).toBe(
      '3 lines to check: they are restored as they are unless you fix the file.',
    );
    expect(say('skusMatch', { total: { count: 1 } })).toBe('1 SKU matches.');
    expect(say('skuFigures', { cost: { money: 450, currency: 'USD' } })).toBe(
      "Price unknown · the service's unit cost: $4.50",
    );
    expect(say('backupOf', { shop: { text: 'Shop' }, currency: { text: 'EUR' } })).toBe(
      'A backup of Shop (EUR), made by dashboard version unknown.',
    );
    expect(say('kindCount', { n: { count: 2 }, one: { text: 'COGS entry' }, many: { text: 'COGS entries' } })).toBe(
      '2 COGS entries',
    );
  });
});
