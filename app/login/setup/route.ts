import { DashboardError } from '@/lib/api/dashboard-error';
import { setUpOwner } from '@/lib/server/actions/account';
import { backToSignIn, readFormPost, seeOther } from '@/lib/session/form-post';
import { startSession } from '@/lib/session/session';
import { passwordProblem } from '@/lib/team/password-policy';

export const dynamic = 'force-dynamic';

/**
 * The owner's set-up form without its scripts: creates the first owner with the server's set-up
 * token as POST /api/dashboard/setup does, signs them in and answers 303 to the overview, or back
 * to the set-up page with the reason (lib/session/form-post), the token kept.
 */
export async function POST(request: Request): Promise<Response> {
  const form = await readFormPost(request);
  if (!form.ok) return backToSignIn(form.reason);
  const token = form.field('token').trim();
  const email = form.field('email').trim().slice(0, 320);
  const name = form.field('name').trim().slice(0, 100);
  const password = form.field('password');
  const keep = { token, email };
  if (token === '') return backToSignIn('SETUP_TOKEN_MISSING', keep);
  if (email === '') return backToSignIn('EMAIL_MISSING', keep);
  if (passwordProblem(password, email)) return backToSignIn('PASSWORD_WEAK', keep);
  if (password !== form.field('confirm')) return backToSignIn('PASSWORDS_DIFFER', keep);
  const headers = new Headers();
  try {
    const personId = await setUpOwner({ email, name, password, token });
    await startSession(request, headers, personId);
  } catch (error) {
    const code = error instanceof DashboardError ? error.code : null;
    if (code === 'WRONG_SETUP_TOKEN') return backToSignIn('WRONG_SETUP_TOKEN', keep);
    if (code === 'CONFLICT') return backToSignIn('HAS_OWNER');
    return backToSignIn(code === 'INVALID_REQUEST' ? 'INVALID_REQUEST' : 'UNAVAILABLE', keep);
  }
  return seeOther('/', headers);
}
