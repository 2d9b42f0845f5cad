import 'server-only';
import { serverConfig } from '@/lib/config/env';
import { tooManyAttemptsMessage, wrongPasswordMessage } from '@/lib/api/errors';
import { DashboardError } from '@/lib/api/server/dashboard-error';
import { loginThrottle } from './login-throttle';
import { passwordMatches } from './password';
import { clientIp } from './request-guards';
import { startSession } from './session';

/**
 * Checks a password under the sign-in throttle and, when it matches, seals a session into `headers`.
 * Throws TOO_MANY_ATTEMPTS (429, Retry-After) or WRONG_PASSWORD (401).
 */
export async function signIn(request: Request, password: string, headers: Headers): Promise<void> {
  const ip = clientIp(request);
  const throttle = loginThrottle();
  const before = await throttle.check(ip);
  if (!before.allowed) {
    throw new DashboardError('TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(before.retryAfterSeconds), {
      retryAfterSeconds: before.retryAfterSeconds,
    });
  }
  if (!passwordMatches(password, serverConfig().dashboardPassword)) {
    const after = await throttle.recordFailure(ip);
    throw new DashboardError('WRONG_PASSWORD', wrongPasswordMessage(after));
  }
  await throttle.recordSuccess(ip);
  await startSession(request, headers);
}
