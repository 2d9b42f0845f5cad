/** "Acme Home & Garden (US)" → "acme-home-garden-us": safe in a Content-Disposition header. */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return s || 'shop';
}

/** `orders_<shop>_<from>_<to>.csv`; the parts are slugs and ISO days, so no quoting issue. */
export function exportFilename(kind: string, shopName: string, ...parts: string[]): string {
  return [kind, slug(shopName), ...parts.map(slug)].join('_') + '.csv';
}

export function csvResponse(
  body: ReadableStream<Uint8Array>,
  filename: string,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(body, {
    headers: {
      ...extraHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
