import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/sku-costs/messages';

// The SKU costs page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the SKU costs page’s sentences', () => {
  it('write counts, an amount and a day in the person’s locale, the words unchanged', () => {
    const counts = (locale: 'en-US' | 'de-DE', products: number, skus: number) =>
      withLocale(locale, () =>
        say('summaryCounts', { products: { count: products }, shown: { count: 25 }, skus: { count: skus } }),
      );
    expect(counts('en-US', 2086, 1)).toBe(
      '2,086 products in all; this page shows 25 of them with 1 SKU (one row per SKU).',
    );
    expect(counts('en-US', 1, 3)).toBe('1 product in all; this page shows 25 of them with 3 SKUs (one row per SKU).');
    expect(counts('de-DE', 2086, 1)).toBe(
      '2.086 products in all; this page shows 25 of them with 1 SKU (one row per SKU).',
    );
    const next = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('nextCost', { amount: { money: 123_456, currency: 'USD' }, day: { day: '2026-12-01' } }),
      );
    expect(next('en-US')).toBe('Next: $1,234.56 from Dec 1, 2026');
    expect(next('de-DE')).toMatch(/^Next: 1\.234,56\s\$ from 1\. Dez\. 2026$/);
    expect(say('summary', { currency: { text: 'USD' } })).toBe(
      "Catalog price and costs per SKU, in USD. The unit cost is yours where you set one (from its day on), else the service's. Fees and commissions are charged per order, so unit profit is before fees.",
    );
  });
});
