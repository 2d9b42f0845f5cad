import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/overview/messages';

// The Overview's message module: every sentence is one template a translator can read whole, and
// each one's figures are written in the person's locale, the same words around them.

describe('the Overview’s sentences', () => {
  it('write a change, a count and a range in the person’s locale, the words unchanged', () => {
    const change = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('kpiChange', { change: { percent: 0.0492, signed: true } }));
    expect(change('en-US')).toBe('+4.9% vs previous period');
    expect(change('de-DE')).toMatch(/^\+4,9\s%\svs previous period$/);
    const tile = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('tileNotRead', { stored: { count: 1200 }, total: { count: 1460 } }));
    expect(tile('en-US')).toBe('Not read yet: 1,200 of 1,460 days stored so far');
    expect(tile('de-DE')).toBe('Not read yet: 1.200 of 1.460 days stored so far');
    expect(
      withLocale('en-GB', () =>
        say('noOrders', { range: { days: { from: '2026-11-01', to: '2026-11-07' } }, profit: { text: 'yes' } }),
      ),
    ).toBe(
      'This shop has no paid orders and no refunds from 1 Nov – 7 Nov 2026, so there is no profit to show yet. A longer range shows the recent trend.',
    );
  });
});
