// The Content-Security-Policy of every page. Scripts run only with this response's nonce (Next adds
// it to its own scripts when the request carries the policy); 'strict-dynamic' lets those load
// Next's chunks. Styles allow inline: React's style attributes and recharts' SVG use them, and a
// nonce cannot cover attributes. Product icons are http(s) images from the upstream's CDN, or the
// embedded service's demo pictures on this origin ('self').

export function contentSecurityPolicy(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's dev overlay evaluates code; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** 128 random bits, base64: unguessable and fresh for every response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
