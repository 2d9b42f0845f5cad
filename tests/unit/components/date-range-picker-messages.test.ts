import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { DATE_RANGE_MESSAGES, say } from '@/components/date-range-picker/messages';

// The date picker's message module: every sentence is one template a translator can read whole,
// its figure written in the person's locale, the same words around it.

describe('the date picker’s sentences', () => {
  it('are each one well-formed template whose every part is filled', () => {
    for (const [key, template] of Object.entries(DATE_RANGE_MESSAGES)) {
      const names = [...template.matchAll(/\{(\w+)/g)].map((m) => m[1]!);
      const values = Object.fromEntries(names.map((n) => [n, { text: `<${n}>` }]));
      const text = say(key as keyof typeof DATE_RANGE_MESSAGES, values);
      expect(text, key).not.toMatch(/[{}]/);
      for (const name of new Set(names)) expect(text, key).toContain(`<${name}>`);
    }
  });

  it('write the longest range in the person’s locale, the words unchanged', () => {
    const tooLong = (locale: 'en-US' | 'de-DE') => withLocale(locale, () => say('tooLong', { days: { count: 1830 } }));
    expect(tooLong('en-US')).toBe('A range may span at most 1,830 days (about 5 years).');
    expect(tooLong('de-DE')).toBe('A range may span at most 1.830 days (about 5 years).');
  });
});
