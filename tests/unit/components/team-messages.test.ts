import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { say, sayNodes } from '@/components/team/messages';

// The Account and Team pages' message module: every sentence is one template a translator can read
// whole, and each one's figures are written in the person's locale, the same words around them.

describe('the Account and Team pages’ sentences', () => {
  it('write the locale sample and a digest in the person’s locale, the words unchanged', () => {
    const sample = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('localeSample', { amount: { money: 123456, currency: 'EUR' }, day: { day: '2026-11-26' } }),
      );
    expect(sample('en-US')).toBe('Now: €1,234.56 on Nov 26, 2026.');
    expect(sample('de-DE')).toMatch(/^Now: 1\.234,56\s€ on 26\. Nov\. 2026\.$/);
    const digest = (locale: 'en-US' | 'de-DE') =>
      withLocale(locale, () =>
        say('digestSent', {
          shop: { text: 'Lumen & Co. UK' },
          period: { text: 'week' },
          day: { day: '2026-11-16' },
          state: { text: 'sent' },
          at: { text: '<time>' },
        }),
      );
    expect(digest('en-US')).toBe('Last digest: Lumen & Co. UK, the week of Nov 16, 2026, sent <time> UTC.');
    expect(digest('de-DE')).toBe('Last digest: Lumen & Co. UK, the week of 16. Nov. 2026, sent <time> UTC.');
  });

  it('write a token’s line as it always read, in every state', () => {
    const line = (values: Record<string, string>) =>
      withLocale('en-US', () =>
        say('token', Object.fromEntries(Object.entries(values).map(([k, text]) => [k, { text }]))),
      );
    const base = { scope: 'account', shops: '', at: 'T1', revoker: 'none', by: '', used: 'never', lastUsed: 'never' };
    expect(line({ ...base, kind: 'token', reads: 'all', state: 'lasting' })).toBe(
      'read-only token, every shop you see · no expiry · last used never',
    );
    expect(
      line({ ...base, kind: 'token', scope: 'team', reads: 'all', state: 'expires', used: 'used', lastUsed: 'T2' }),
    ).toBe('read-only token, every shop its person sees · expires T1 · last used T2');
    expect(line({ ...base, kind: 'token', reads: 'some', shops: 'A, B', state: 'expired' })).toBe(
      'read-only token, A, B · expired T1 · last used never',
    );
    expect(line({ ...base, kind: 'live', state: 'revoked', revoker: 'named', by: 'Vera' })).toBe(
      'live link of one export · revoked T1 by Vera · last used never',
    );
    expect(line({ ...base, kind: 'live', state: 'revoked' })).toBe(
      'live link of one export · revoked T1 · last used never',
    );
    expect(withLocale('en-US', () => say('shopCount', { shops: { count: 1 } }))).toBe('1 shop.');
    expect(withLocale('en-US', () => say('shopCount', { shops: { count: 3 } }))).toBe('3 shops.');
  });

  it('writes a pending link with its address in bold among the words', () => {
    const html = renderToStaticMarkup(
      sayNodes(
        'pendingLink',
        { kind: { text: 'reset' }, role: { text: 'Admin' }, at: { text: 'T1' }, by: { text: 'Olga' } },
        { email: createElement('strong', null, 'a@b.c') },
      ),
    );
    expect(html).toBe('<strong>a@b.c</strong> · password reset · expires T1 · by Olga');
  });
});
