import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from '@/lib/session/next-path';

describe('safeNextPath: only same-site relative paths survive', () => {
  it.each([
    ['/shops/a/orders?range=last-7-days', '/shops/a/orders?range=last-7-days'],
    ['/', '/'],
    [undefined, '/'],
    ['', '/'],
    ['https://evil.example/x', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/%0d%0aLocation: x', '/%0d%0aLocation:%20x'],
    ['/\tevil', '/'],
    ['javascript:alert(1)', '/'],
    ['/login?next=/x', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it('builds the login URL, leaving out a next of "/"', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/products?page=2')).toBe('/login?next=%2Fproducts%3Fpage%3D2');
    expect(loginPath('//evil.example')).toBe('/login');
  });
});
