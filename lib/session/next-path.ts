// Where to go after sign-in. Client-safe. Only a same-site relative path is accepted, so a crafted
// /login?next=https://evil.example link cannot bounce a freshly signed-in user to another site.

export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return '/';
  // "//host" and "/\host" are protocol-relative in browsers; control characters can smuggle either.
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f\\]/.test(next))
    return '/';
  const url = new URL(next, 'http://same.invalid');
  if (url.origin !== 'http://same.invalid') return '/';
  if (url.pathname === '/login') return '/';
  return url.pathname + url.search + url.hash;
}

export function loginPath(next: string): string {
  const safe = safeNextPath(next);
  return safe === '/' ? '/login' : `/login?next=${encodeURIComponent(safe)}`;
}
