import 'server-only';
import { sleep } from '@/lib/rate-limit/clock';
import { serverConfig } from '@/lib/config/env';
import { tooManyAttemptsMessage, wrongPasswordMessage } from '@/lib/api/errors';
import { DashboardError } from '@/lib/api/server/dashboard-error';
import { clientAddress } from './client-address';
import { loginThrottle } from './login-throttle';
import { passwordMatches } from './password';
import { startSession } from './session';

/**
 * Checks a password under the sign-in throttle and, when it matches, seals a session into `headers`.
 * The attempt is counted before the password is looked at, so concurrent guesses are counted too.
 * Throws TOO_MANY_ATTEMPTS (429, Retry-After) or WRONG_PASSWORD (401).
 */
export async function signIn(request: Request, password: string, headers: Headers): Promise<void> {
  const config = serverConfig();
  const client = clientAddress(request, config.trustedProxies);
  const throttle = loginThrottle();
  const { verdict, delayMs } = await throttle.attempt(client);
  if (!verdict.allowed) {
    throw new DashboardError('TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(verdict.retryAfterSeconds), {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  if (delayMs > 0) await sleep(delayMs);
  if (!passwordMatches(password, config.dashboardPassword)) {
    await throttle.recordFailure();
    throw new DashboardError(
      'WRONG_PASSWORD',
      wrongPasswordMessage(
        verdict.remaining > 0 ? { remaining: verdict.remaining } : { retryAfterSeconds: verdict.resetSeconds },
      ),
    );
  }
  await throttle.recordSuccess(client);
  await startSession(request, headers);
}
