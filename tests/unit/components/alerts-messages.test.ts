import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/alerts/messages';
import { figureText } from '@/components/alerts/figure-text';
import { deliverySentence } from '@/components/alerts/delivery-text';

// The Alerts page's message module: every sentence is one template a translator can read whole,
// and each one's figures are written in the person's locale, the same words around them.

describe('the Alerts page’s sentences', () => {
  it('write an alert’s figure in the person’s locale, the words unchanged', () => {
    const figure = (unit: 'percent' | 'points' | 'hours' | 'minutes', value: number, baseline: number | null = null) =>
      figureText({ value, baseline, unit, currency: 'USD' });
    expect(figure('percent', -12.34, 3.05)).toEqual({ value: '-12.3%', baseline: '3.1%' });
    expect(figure('points', 1).value).toBe('1 point');
    expect(figure('points', -1).value).toBe('-1 point');
    expect(figure('points', 2.5).value).toBe('2.5 points');
    expect(figure('hours', 1.2).value).toBe('1 hour');
    expect(figure('minutes', 1500).value).toBe('1,500 minutes');
    expect(withLocale('de-DE', () => figure('points', 2.54).value)).toBe('2,5 points');
    expect(withLocale('de-DE', () => figure('minutes', 1500).value)).toBe('1.500 minutes');
  });

  it('write a delivery’s outcome, the words unchanged', () => {
    const base = { lastError: null, lastStatus: null, nextAt: null };
    expect(deliverySentence({ ...base, state: 'sent', lastStatus: 200 })).toBe('Delivered (HTTP 200).');
    expect(deliverySentence({ ...base, state: 'sent' })).toBe('Delivered.');
    expect(deliverySentence({ ...base, state: 'pending', lastError: 'timeout', lastStatus: 503 })).toBe(
      'Not delivered yet (HTTP 503): timeout.',
    );
    expect(deliverySentence({ ...base, state: 'failed' })).toBe('Not delivered: no reason was given.');
    expect(withLocale('de-DE', () => say('inboxAndChannels', { count: { count: 1200 } }))).toBe(
      'Inbox and 1.200 channels',
    );
  });
});
