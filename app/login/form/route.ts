import { DashboardError } from '@/lib/api/dashboard-error';
import { backToSignIn, readFormPost, seeOther } from '@/lib/session/form-post';
import { safeNextPath } from '@/lib/session/next-path';
import { signIn } from '@/lib/session/sign-in';

export const dynamic = 'force-dynamic';

/**
 * The sign-in form without its scripts (a "Sign in" pressed before the page loaded them): signs in
 * under the same throttle as POST /api/dashboard/session, then 303 to the page the person was
 * going to, or back to the sign-in page with the reason (lib/session/form-post).
 */
export async function POST(request: Request): Promise<Response> {
  const form = await readFormPost(request);
  if (!form.ok) return backToSignIn(form.reason);
  const next = safeNextPath(form.field('next'));
  const email = form.field('email').trim().slice(0, 320);
  const password = form.field('password');
  if (email === '' || password === '') return backToSignIn('MISSING', { next, email });
  const headers = new Headers();
  try {
    await signIn(request, { email, password }, headers);
  } catch (error) {
    const code = error instanceof DashboardError ? error.code : null;
    return backToSignIn(code === 'WRONG_PASSWORD' || code === 'TOO_MANY_ATTEMPTS' ? code : 'UNAVAILABLE', {
      next,
      email,
    });
  }
  return seeOther(next, headers);
}
