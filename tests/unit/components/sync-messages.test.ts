import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/sync/messages';

// The sync's message module: every sentence is one template a translator can read whole, and each
// one's figures are written in the person's locale, the same words around them (browser tests and
// outside suites read the progress words).

describe('the sync’s sentences', () => {
  it('write the progress of a read in the person’s locale, the words unchanged', () => {
    const pages = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('pages', {
          done: { count: 3 },
          estimate: { text: 'yes' },
          total: { count: 1200 },
          orders: { count: 24000 },
          rate: { decimal: 55, fixed: 0 },
          eta: { text: 'seconds' },
          left: { count: 20 },
        }),
      );
    expect(pages('en-US')).toBe('3 of ~1,200 pages · 24,000 orders stored · 55 requests/min · about 20 s left');
    expect(pages('de-DE')).toBe('3 of ~1.200 pages · 24.000 orders stored · 55 requests/min · about 20 s left');
    expect(
      say('pages', {
        done: { count: 3 },
        estimate: { text: 'no' },
        total: { count: 12 },
        orders: { count: 240 },
        rate: { decimal: 55, fixed: 0 },
        eta: { text: 'unknown' },
      }),
    ).toBe('3 of 12 pages · 240 orders stored · 55 requests/min · estimating…');
    const reading = (locale: 'en-US' | 'de-DE', why: string) =>
      withLocale(locale, () =>
        say('reading', { range: { days: { from: '2026-10-28', to: '2026-11-26' } }, why: { text: why } }),
      );
    expect(reading('en-US', 'range')).toBe('Reading Oct 28 – Nov 26, 2026: the range you opened');
    expect(reading('en-US', 'another')).toBe('Reading Oct 28 – Nov 26, 2026: another range opened in the dashboard');
    expect(reading('de-DE', 'comparison')).toBe(
      'Reading 28. Okt. – 26. Nov. 2026: the period before, for the comparison',
    );
  });

  it('write how many days are stored in the person’s locale', () => {
    const still = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('stillReading', {
          stored: { count: 1200 },
          total: { count: 1460 },
          range: { days: { from: '2022-11-28', to: '2026-11-26' } },
        }),
      );
    expect(still('en-US')).toBe(
      '1,200 of 1,460 days of Nov 28, 2022 – Nov 26, 2026 are stored so far, and nothing was counted on them yet. Figures appear here as the remaining days are read from the Reporting Service (the most recent first).',
    );
    expect(still('de-DE')).toMatch(/^1\.200 of 1\.460 days of 28\. Nov\. 2022 – 26\. Nov\. 2026 are stored so far/);
    expect(say('resumesAt', { wait: { text: 'minutes' }, n: { text: '2' }, time: { text: '14:05' } })).toBe(
      'It resumes where it stopped by itself in 2 min, at 14:05.',
    );
    expect(say('resumesAt', { wait: { text: 'soon' }, time: { text: '14:05' } })).toBe(
      'It resumes where it stopped by itself soon, at 14:05.',
    );
  });
});
