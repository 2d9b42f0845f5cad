/**
 * Root-relative icon URLs are taken only under the embedded service's mount: it serves its demo
 * catalog's pictures there, on the dashboard's own origin whatever host the app runs on. Any other
 * path of the dashboard (an export, a sync) is no picture, and an untrusted upstream must not make
 * the browser request it with the person's cookie.
 */
const SERVICE_MOUNT = '/api/v1/';
const PLACEHOLDER_ORIGIN = 'http://same-origin.invalid';

/**
 * The URL when it is absolute http(s), or a path under the embedded service's mount (resolved on
 * the page's own http(s) origin); null for javascript:, data:, other relative or malformed values.
 */
export function safeImageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    if (value.startsWith('/')) {
      // Resolved against a placeholder: "//host/…", "/\host/…" and dot segments that leave the
      // mount are refused as what they are.
      const url = new URL(value, PLACEHOLDER_ORIGIN);
      const inMount = url.origin === PLACEHOLDER_ORIGIN && url.pathname.startsWith(SERVICE_MOUNT);
      return inMount ? `${url.pathname}${url.search}` : null;
    }
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
