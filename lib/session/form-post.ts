import 'server-only';
import { hasSameOrigin } from './request-guards';
import type { SignInFormError } from './sign-in-form';

// The sign-in and set-up forms' plain POST, before the page's scripts load (app/login/form,
// app/login/setup): the same Origin check as every state-changing request (CSRF), a form body
// only, and answers that are 303 redirects: to the page, or back to the sign-in page with the
// reason's code (lib/session/sign-in-form says it in words).

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** A 303 to `location` (a same-site path: the browser resolves it against the page it is on). */
export function seeOther(location: string, headers = new Headers()): Response {
  headers.set('Location', location);
  headers.set('Cache-Control', 'no-store');
  return new Response(null, { status: 303, headers });
}

/** Back to the sign-in page with the reason and what the form keeps (the email, where to go, the set-up token). */
export function backToSignIn(reason: SignInFormError, keep: Record<string, string> = {}): Response {
  const search = new URLSearchParams({ error: reason });
  for (const [name, value] of Object.entries(keep)) if (value !== '' && value !== '/') search.set(name, value);
  return seeOther(`/login?${search.toString()}`);
}

/** The form's text fields, or the reason it is refused (another origin, not a form) before any is read. */
export async function readFormPost(
  request: Request,
): Promise<{ ok: true; field: (name: string) => string } | { ok: false; reason: SignInFormError }> {
  if (!hasSameOrigin(request)) return { ok: false, reason: 'FORBIDDEN_ORIGIN' };
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!FORM_TYPES.includes(type)) return { ok: false, reason: 'INVALID_REQUEST' };
  const form = await request.formData().catch(() => null);
  if (!form) return { ok: false, reason: 'INVALID_REQUEST' };
  return {
    ok: true,
    field: (name) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.slice(0, 1_000) : '';
    },
  };
}
