import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { say } from '@/components/data-table/messages';

// The data tables' message module: every sentence is one template a translator can read whole, and
// each one's figures are written in the person's locale, the same words around them.

describe('the data tables’ sentences', () => {
  it('write the pager and a page past the end in the person’s locale, the words unchanged', () => {
    const shown = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('rowsShown', {
          first: { count: 26 },
          last: { count: 50 },
          total: { count: 1234 },
          noun: { text: 'orders' },
        }),
      );
    expect(shown('en-US')).toBe('26–50 of 1,234 orders');
    expect(shown('de-DE')).toBe('26–50 of 1.234 orders');
    expect(
      withLocale('en-US', () =>
        say('pagesOf', { pages: { count: 50 }, total: { count: 1234 }, noun: { text: 'orders' } }),
      ),
    ).toBe('of 50 · 1,234 orders');
    const reason = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('pastLastPageReason', {
          total: { count: 2212 },
          noun: { text: 'orders' },
          limit: { count: 25 },
          last: { count: 89 },
        }),
      );
    expect(reason('en-US')).toBe('There are 2,212 orders at 25 per page: the last page is 89.');
    expect(reason('de-DE')).toBe('There are 2.212 orders at 25 per page: the last page is 89.');
    expect(withLocale('de-DE', () => say('pastLastPage', { page: { count: 9999 } }))).toBe(
      'Page 9.999 is past the end of the list',
    );
  });
});
