import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say, sayNodes } from '@/components/all-shops/messages';
import { leftOutShops } from '@/components/all-shops/left-out';

// The All shops page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the All shops page’s sentences', () => {
  it('write counts and days in the person’s locale, the words unchanged', () => {
    const partial = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () => say('shopPartial', { stored: { count: 1200 }, total: { count: 1460 } }));
    expect(partial('en-US')).toBe('Partial: 1,200 of 1,460 days');
    expect(partial('de-DE')).toBe('Partial: 1.200 of 1.460 days');
    const summary = (locale: 'en-US' | 'de-DE', shops: number) =>
      withLocale(locale, () =>
        say('summary', {
          shops: { count: shops },
          currency: { text: 'USD' },
          ranges: { text: 'Mar 1 – Mar 30, 2026' },
        }),
      );
    expect(summary('en-US', 1)).toBe('1 shop in USD · Mar 1 – Mar 30, 2026 · each shop’s days in its own time zone');
    expect(summary('de-DE', 1200)).toBe(
      '1.200 shops in USD · Mar 1 – Mar 30, 2026 · each shop’s days in its own time zone',
    );
    const left = [{ name: 'Shop B', currency: 'GBP', days: { from: '2026-03-01', to: '2026-03-30' } }];
    expect(withLocale('en-US', () => leftOutShops(left, 'USD'))).toBe(
      'Shop B (GBP): no rate into USD for Mar 1 – Mar 30, 2026',
    );
    expect(
      withLocale('de-DE', () =>
        say('rateAdded', {
          currency: { text: 'GBP' },
          rate: { text: '1.27' },
          target: { text: 'USD' },
          day: { day: '2025-01-01' },
        }),
      ),
    ).toBe('Added: 1 GBP = 1.27 USD from 1. Jan. 2025');
  });

  it('write a note with its bold label where the label stood', () => {
    const left = [
      { name: 'Shop B', currency: 'GBP', days: { from: '2026-03-01', to: '2026-03-30' } },
      { name: 'Shop C', currency: 'EUR', days: { from: '2026-03-09', to: '2026-03-09' } },
    ];
    const note = sayNodes(
      'leftOutOfTotals',
      { shops: { text: leftOutShops(left, 'USD') } },
      { label: createElement('strong', null, 'Left out of the totals:') },
    );
    expect(renderToStaticMarkup(createElement('p', null, note))).toBe(
      '<p><strong>Left out of the totals:</strong> Shop B (GBP): no rate into USD for Mar 1 – Mar 30, 2026; Shop C (EUR): no rate into USD for Mar 9, 2026. Each day is converted at the rate in effect on it: add one that starts by then under Exchange rates.</p>',
    );
  });
});
