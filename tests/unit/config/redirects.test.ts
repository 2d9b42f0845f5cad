import { describe, expect, it } from 'vitest';
import type { NextConfig } from 'next';

// next.config.mjs is plain JavaScript without declarations: typed here by hand.
const { default: nextConfig }: { default: NextConfig } = await import('../../../next.config.mjs' as string);

// Pages were renamed for their nav labels; bookmarks of the old URLs must keep working. Next.js
// passes the query string through a config redirect, so `/skus?x=1` lands on `/sku-profit?x=1`.
describe('redirects of renamed pages', () => {
  it('sends the old page URLs permanently to the new ones', async () => {
    const redirects = await nextConfig.redirects!();
    expect(redirects).toEqual(
      expect.arrayContaining([
        { source: '/skus', destination: '/sku-profit', permanent: true },
        { source: '/products', destination: '/sku-costs', permanent: true },
      ]),
    );
  });
});
