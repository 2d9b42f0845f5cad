import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { formatPercent } from '@/lib/format/money';
import { say } from '@/components/settlement/messages';

// The Settlement page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the Settlement page’s sentences', () => {
  it('write the backtest and a check’s answer in the person’s locale, the words unchanged', () => {
    const backtest = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('backtest', {
          orders: { count: 1240 },
          forecast: { text: formatPercent(0.004) },
          estimate: { text: formatPercent(0.029) },
        }),
      );
    expect(backtest('en-US')).toBe(
      'On 1,240 orders that settled, the forecast was off by 0.4% of net sales on average vs 2.9% for the raw estimate.',
    );
    expect(backtest('de-DE')).toMatch(
      /^On 1\.240 orders that settled, the forecast was off by 0,4\s% of net sales on average vs 2,9\s% for the raw estimate\.$/,
    );
    expect(withLocale('en-US', () => say('checkSettled', { days: { count: 1 } }))).toBe(
      '1 day had orders that settled; the figures below include them.',
    );
    expect(withLocale('de-DE', () => say('learnedRatio', { settled: { count: 1200 }, unsettled: { count: 8 } }))).toBe(
      'from settled vs unsettled cost ratios (1.200 settled, 8 unsettled), blended with the shop’s figure while the SKU has few orders',
    );
  });
});
