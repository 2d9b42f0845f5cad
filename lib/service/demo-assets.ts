import { PRODUCT_ART_PATH, productArtSvg } from './demo/product-art';
import type { ServiceAnswer } from './errors';

// The demo catalog's pictures, served by the service beside its endpoints (not one of the
// interface's endpoints: like openapi.json, an extra of this implementation). The catalog's icon
// URLs are root-relative (`demo/product-art.ts`), so they work on any host and port the service is
// reached on: in the app, the dashboard's own origin, where the service is mounted at /api/v1.
//
// A picture is public, built from the path alone and never changes: no credentials, no rate limit
// (the browser of a person looking at the dashboard fetches them, and counting them would spend
// the client address's budget of the dashboard's own upstream requests on a local setup), cached
// for a year. SVG can carry script: the answer forbids everything but drawing itself.

const PRODUCT_ART_FILE = /^([a-z0-9]{2,8})\.svg$/;

const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'public, max-age=31536000, immutable',
} as const;

/** Whether the path is a demo picture's (answered by `demoAssetAnswer`, whatever the method). */
export function isDemoAssetPath(pathname: string): boolean {
  return pathname.startsWith('/api/v1/demo-assets/');
}

/** The picture at `pathname`, or null when there is no such picture. */
export function demoAssetAnswer(pathname: string): ServiceAnswer | null {
  const code = pathname.startsWith(PRODUCT_ART_PATH)
    ? PRODUCT_ART_FILE.exec(pathname.slice(PRODUCT_ART_PATH.length))?.[1]
    : undefined;
  const svg = code === undefined ? null : productArtSvg(code);
  if (svg === null) return null;
  return { status: 200, headers: { ...SVG_HEADERS }, body: Buffer.from(svg, 'utf8') };
}
