import 'server-only';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

function firstValue(header: string | null): string | null {
  const value = header?.split(',')[0]?.trim().toLowerCase();
  return value ? value : null;
}

/**
 * True when the request's Origin names this server. Browsers always send Origin on cross-site and
 * same-site POST/DELETE fetches and a page cannot forge it, so a missing or foreign Origin is refused
 * (CSRF defence on top of SameSite=Lax). X-Forwarded-Host is accepted because a reverse proxy may
 * rewrite Host; a cross-site page cannot set that header without a CORS preflight we never grant.
 */
export function hasSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const candidates = [
    firstValue(request.headers.get('x-forwarded-host')),
    firstValue(request.headers.get('host')),
    new URL(request.url).host.toLowerCase(),
  ];
  return candidates.includes(originHost);
}
