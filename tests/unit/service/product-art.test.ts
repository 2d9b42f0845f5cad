import { describe, expect, it } from 'vitest';
import { PRODUCT_TEMPLATES } from '@/lib/service/demo/catalog-templates';
import { demoIconPath, productArtSvg } from '@/lib/service/demo/product-art';

// The demo catalog's pictures: one tile per product, the same whenever it is drawn, its text escaped.

describe('demo product pictures', () => {
  it('shows the Latin initials of the name, whatever script or markup the rest is in', () => {
    const initials = (code: string) => productArtSvg(code)?.match(/<text [^>]*>([^<]*)<\/text>/)?.[1];
    expect(initials('CBC'), 'Crème brûlée candle').toBe('CB');
    expect(initials('MAT'), '抹茶 matcha whisk set (茶筅)').toBe('MW');
    expect(initials('LMP'), 'Ночной свет night lamp').toBe('NL');
    expect(initials('SUM'), '=SUM(1+1) mug').toBe('SM');
    expect(initials('MAT2'), '@home doormat').toBe('HD');
    expect(initials('CAY'), 'Çay bardağı tea glass set').toBe('CB');
    expect(initials('SMB'), 'Smørrebrød cutting board').toBe('SC');
    expect(initials('GFT'), 'Gift box <b>Bold</b> & …').toBe('GB');
  });

  it('draws every product of the catalog, each with its name as the title, the same every time', () => {
    for (const [name, code] of PRODUCT_TEMPLATES) {
      const svg = productArtSvg(code);
      expect(svg, code).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
      expect(svg).toMatch(/<\/svg>$/);
      expect(svg).toMatch(/<text [^>]*>[A-Z]{1,2}<\/text>/);
      expect(productArtSvg(code.toLowerCase())).toBe(svg);
      if (!/[&<>"']/.test(name)) expect(svg).toContain(`<title>${name}</title>`);
    }
  });

  it('escapes markup and quotes of the name: the picture carries no element of its own', () => {
    const svg = productArtSvg('GFT') ?? '';
    expect(svg).toContain(
      '<title>Gift box &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Quoted&quot; &apos;Edition&apos;</title>',
    );
    expect(svg).not.toContain('<b>');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it('gives tiles of one page different colours and shapes', () => {
    const fills = new Set(
      PRODUCT_TEMPLATES.map(([, code]) => productArtSvg(code)?.match(/<rect [^>]*fill="(#[0-9a-f]{6})"/)?.[1]),
    );
    expect(fills.size).toBeGreaterThanOrEqual(6);
  });

  it('has no picture for a product it does not know', () => {
    expect(productArtSvg('nope')).toBeNull();
    expect(demoIconPath('CBC')).toBe('/api/v1/demo-assets/products/cbc.svg');
  });
});
