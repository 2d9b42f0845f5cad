import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { formatRangeInZone } from '@/lib/format/time';
import { say } from '@/components/pricing/messages';

// The Pricing page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the Pricing page’s sentences', () => {
  it('write a fee fit, a promo and a range in the person’s locale, the words unchanged', () => {
    const fit = (locale: 'en-US' | 'de-DE') => withLocale(locale, () => say('feesVary', { error: { percent: 0.127 } }));
    expect(fit('en-US')).toBe(
      'Fees vary ±12.7% per order line around the learned rates; in total they are the orders’ fees to the cent.',
    );
    expect(fit('de-DE')).toMatch(/^Fees vary ±12,7\s%\sper order line around the learned rates; /);
    const promo = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('promoOff', { share: { percent: 0.243 }, amount: { money: 413, currency: 'USD' } }));
    expect(promo('en-US')).toBe('24.3% ($4.13 off)');
    expect(promo('de-DE')).toMatch(/^24,3\s% \(4,13\s\$ off\)$/);
    const range = { from: '2026-08-03', to: '2026-10-31', timeZone: 'Europe/Berlin' };
    expect(
      say('learnedFrom', { range: { days: { from: range.from, to: range.to } }, zone: { text: range.timeZone } }),
    ).toBe(`Learned from ${formatRangeInZone(range)}`);
  });

  it('say how a fee was learned and how a scenario changes a price, as the page always did', () => {
    expect(
      say('feeHow', {
        basis: { text: 'sales' },
        from: { text: 'shop' },
        lines: { count: 3 },
        min: { count: 10 },
        spread: { text: 'varies' },
        error: { percent: 0.127 },
      }),
    ).toBe(
      'charged as a share of net sales, so it follows a price change (the shop’s lines say so: 3 lines of its own cannot tell, 10 can); an order line’s fee varies ±12.7% around this',
    );
    expect(say('feeHow', { basis: { text: 'fixed' }, from: { text: 'sku' }, spread: { text: 'exact' } })).toBe(
      'charged as a fixed amount per order line, whatever the price; every order line’s fee is exactly this',
    );
    expect(say('feeFit', { spread: { text: 'none' } })).toBe(
      'no fee to compare; in total they are its fees to the cent',
    );
    const down = say('adjustBy', { direction: { text: 'down' }, share: { percent: 0.1 } });
    expect(say('changePrice', { adjust: { text: down } })).toBe('price −10.0%');
    expect(say('skuLinesFew', { lines: { count: 1 } })).toBe('1 line · few: its answers rest on little');
    expect(withLocale('de-DE', () => say('estimatedLines', { estimated: { count: 1200 } }))).toBe(
      '1.200 of its lines are not settled yet.',
    );
  });
});
