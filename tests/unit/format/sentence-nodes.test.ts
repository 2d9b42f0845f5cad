import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withLocale } from '@/lib/format/locale';
import { nodeSayer } from '@/lib/format/sentence-nodes';

const say = nodeSayer({
  moved: '{count, plural, one {# order} other {# orders}} moved {amount}: {link}.',
  first: '{link} before {amount}',
});

describe('nodeSayer', () => {
  it('writes the whole sentence in the locale with each element where its slot stands', () => {
    const link = createElement('a', { href: '/orders' }, 'see them');
    const en = renderToStaticMarkup(
      createElement(
        'p',
        null,
        say('moved', { count: { count: 1234 }, amount: { money: 123456, currency: 'EUR' } }, { link }),
      ),
    );
    expect(en).toBe('<p>1,234 orders moved €1,234.56: <a href="/orders">see them</a>.</p>');
    const de = withLocale('de-DE', () =>
      renderToStaticMarkup(
        createElement(
          'p',
          null,
          say('moved', { count: { count: 1 }, amount: { money: 123456, currency: 'EUR' } }, { link }),
        ),
      ),
    );
    expect(de).toBe('<p>1 order moved 1.234,56\u00a0€: <a href="/orders">see them</a>.</p>');
  });

  it('puts an element first when the template does', () => {
    const html = renderToStaticMarkup(
      createElement(
        'p',
        null,
        say('first', { amount: { money: -500, currency: 'USD' } }, { link: createElement('b', null, 'x') }),
      ),
    );
    expect(html).toBe('<p><b>x</b> before -$5.00</p>');
  });
});
