import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/date-range-picker/messages';

// The date picker's message module: every sentence is one template a translator can read whole,
// its figure written in the person's locale, the same words around it.

describe('the date picker’s sentences', () => {
  it('write the longest range in the person’s locale, the words unchanged', () => {
    const tooLong = (locale: 'en-US' | 'de-DE') => withLocale(locale, () => say('tooLong', { days: { count: 1830 } }));
    expect(tooLong('en-US')).toBe('A range may span at most 1,830 days (about 5 years).');
    expect(tooLong('de-DE')).toBe('A range may span at most 1.830 days (about 5 years).');
  });
});
