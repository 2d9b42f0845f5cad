import 'server-only';
import { sleep } from '@/lib/rate-limit/clock';
import { serverConfig } from '@/lib/config/env';
import { tooManyAttemptsMessage, wrongPasswordMessage } from '@/lib/api/errors';
import { DashboardError } from '@/lib/api/dashboard-error';
import { getOrderStore } from '@/lib/store';
import { findByEmail, firstOwnerEmail, updatePerson } from '@/lib/team/people';
import { verifyPassword } from '@/lib/team/passwords';
import { ensureOwner } from '@/lib/team/bootstrap';
import { clientAddress } from './client-address';
import { loginThrottle } from './login-throttle';
import { startSession } from './session';

/**
 * Checks an email and password under the sign-in throttle and, when they match, seals a session
 * of that person into `headers`. The attempt is counted before the password is looked at, so
 * concurrent guesses are counted too. An unknown email and a wrong password get the same answer
 * after the same work (a dummy hash is verified). Without an email, the first owner is meant (the
 * sign-in of the shared-password era, kept for scripts). Throws TOO_MANY_ATTEMPTS (429,
 * Retry-After) or WRONG_PASSWORD (401).
 */
export async function signIn(
  request: Request,
  credentials: { email?: string; password: string },
  headers: Headers,
): Promise<void> {
  const config = serverConfig();
  const db = (await getOrderStore()).db;
  await ensureOwner(db);
  const email = credentials.email ?? (await firstOwnerEmail(db)) ?? '';
  const client = clientAddress(request, config.trustedProxies);
  const throttle = loginThrottle();
  const { verdict, delayMs } = await throttle.attempt(client, email);
  if (!verdict.allowed) {
    throw new DashboardError('TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(verdict.retryAfterSeconds), {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  if (delayMs > 0) await sleep(delayMs);
  const found = email ? await findByEmail(db, email) : null;
  if (!(await verifyPassword(found?.passwordHash ?? null, credentials.password)) || !found) {
    await throttle.recordFailure(email);
    throw new DashboardError(
      'WRONG_PASSWORD',
      wrongPasswordMessage(
        verdict.remaining > 0 ? { remaining: verdict.remaining } : { retryAfterSeconds: verdict.resetSeconds },
      ),
    );
  }
  await throttle.recordSuccess(client);
  await updatePerson(db, found.person.id, { lastSignInAt: Date.now() });
  await startSession(request, headers, found.person.id);
}
