import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/sku-profit/messages';

// The SKU profit page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the SKU profit page’s sentences', () => {
  it('write a range, a share and a count in the person’s locale, the words unchanged', () => {
    const empty = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('noOrders', { range: { days: { from: '2026-11-01', to: '2026-11-07' } } }));
    expect(empty('en-US')).toBe('No order was created from Nov 1 – Nov 7, 2026.');
    expect(empty('de-DE')).toMatch(/^No order was created from 1\.\D*7\. Nov\. 2026\.$/);
    const share = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('notSettled', { share: { percent: 0.255 } }));
    expect(share('en-US')).toBe('25.5% of net sales is not settled yet');
    expect(share('de-DE')).toMatch(/^25,5\s% of net sales is not settled yet$/);
    const searched = (n: number) =>
      say('searchedTotals', {
        skus: { count: n },
        search: { text: 'mug' },
        link: { text: 'See the whole shop’s bottom line' },
      });
    expect(searched(1)).toBe(
      'These totals are of the 1 SKU matching “mug” alone. Sample orders, refunds and your whole-shop ad spend and other expenses belong to the whole shop, not to a SKU, so a search leaves them out. See the whole shop’s bottom line',
    );
    expect(searched(2)).toMatch(/^These totals are of the 2 SKUs matching “mug” alone\./);
  });
});
