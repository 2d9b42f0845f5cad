import { PRODUCT_TEMPLATES } from './catalog-templates';
import { hash32 } from './prng';

// The demo catalog's product pictures: a small SVG tile per product (a coloured rounded square,
// one soft shape, the name's initials), drawn from the product's template alone, so a picture is
// the same in every shop, on every day and in every store, and needs no read of the store.
// The service serves them itself (../demo-assets.ts): the demo looks like a shop without any
// outside image host.

/** Background colours, each with white text above 4.5:1 contrast. */
const PALETTE = ['#0f766e', '#1d4ed8', '#4338ca', '#6d28d9', '#be123c', '#92400e', '#047857', '#334155', '#155e75'];

/** One soft shape in a lighter tint of the background, so tiles of a page do not all look alike. */
const SHAPES = [
  '<circle cx="54" cy="54" r="26" fill="#fff" fill-opacity="0.16"/>',
  '<path d="M0 64V46a32 18 0 0 1 64 0v18z" fill="#fff" fill-opacity="0.14"/>',
  '<path d="M0 52L52 0h12v12L12 64H0z" fill="#fff" fill-opacity="0.13"/>',
  '<circle cx="12" cy="12" r="20" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="6"/>',
];

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const NAMES: ReadonlyMap<string, string> = new Map(PRODUCT_TEMPLATES.map(([name, code]) => [code.toLowerCase(), name]));

/**
 * The first Latin letter of the name's first two words that have one ("Crème brûlée candle" → "CB",
 * "Smørrebrød cutting board" → "SC", "抹茶 matcha whisk set" → "MW"): every system font has them,
 * whatever script the rest of the name is in.
 */
function initialsOf(name: string): string {
  return name
    .normalize('NFD')
    .split(/\s+/)
    .flatMap((word) => word.match(/[A-Za-z]/)?.[0] ?? [])
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** Where the service serves the pictures: beside its endpoints, under its own mount. */
export const PRODUCT_ART_PATH = '/api/v1/demo-assets/products/';

/** The icon URL the demo catalog gives a product: root-relative, so it works on any host. */
export function demoIconPath(code: string): string {
  return `${PRODUCT_ART_PATH}${code.toLowerCase()}.svg`;
}

/** The SVG of the product whose template code is `code` (any case), or null for no such product. */
export function productArtSvg(code: string): string | null {
  const name = NAMES.get(code.toLowerCase());
  if (name === undefined) return null;
  const hash = hash32(`art:${code.toLowerCase()}`);
  const background = PALETTE[hash % PALETTE.length];
  const shape = SHAPES[(hash >>> 8) % SHAPES.length];
  const title = escapeXml(name);
  const initials = initialsOf(name) || code.slice(0, 2).toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<rect width="64" height="64" rx="12" fill="${background}"/>${shape}` +
    `<text x="32" y="33" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="25" font-weight="600" ` +
    `letter-spacing="0.5" fill="#fff">${initials}</text></svg>`
  );
}
