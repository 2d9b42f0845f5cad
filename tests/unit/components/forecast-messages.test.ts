import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/forecast/messages';

// The settlement forecast's message module: every sentence is one template a translator can read
// whole, and each one's figures are written in the person's locale, the same words around them.

describe('the forecast’s sentences', () => {
  it('write a band and signed drifts in the person’s locale, the words unchanged', () => {
    const band = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('forecastBand', { low: { money: 1_800, currency: 'USD' }, high: { money: 212_000, currency: 'USD' } }),
      );
    expect(band('en-US')).toBe('(band $18.00 – $2,120.00)');
    expect(band('de-DE')).toMatch(/^\(band 18,00\s\$ – 2\.120,00\s\$\)$/);
    const note = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('forecastNote', {
          lead: { text: 'Forecast, not settled figures:' },
          share: { percent: 0.5 },
          fees: { money: -90, currency: 'USD', signed: true },
          shipping: { money: -80, currency: 'USD', signed: true },
          commission: { money: 20, currency: 'USD', signed: true },
        }),
      );
    expect(note('en-US')).toBe(
      'Forecast, not settled figures: 50.0% of net sales is from orders not settled yet. Their fees, shipping and commission are expected to move net profit by -$0.90 (fees), -$0.80 (shipping) and +$0.20 (commission), learned from your settled orders. The band spreads single orders’ change at settlement (the middle 8 in 10 of them) over all open sales, so it is wide on purpose.',
    );
    expect(note('de-DE')).toMatch(
      /: 50,0\s% of net sales is .* by -0,90\s\$ \(fees\), -0,80\s\$ \(shipping\) and \+0,20\s\$ \(commission\), learned/,
    );
  });
});
