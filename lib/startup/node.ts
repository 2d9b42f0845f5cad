import http from 'node:http';
import { installPeerAddressHeader } from '@/lib/session/peer-address';
import { checkStartup, startupFailureMessage } from './check';
import { installServerLocale } from './locale';

// The Node.js side of instrumentation.ts, in its own module so the Edge build never sees node:http.

export async function startNodeServer(): Promise<void> {
  installPeerAddressHeader(http);
  installServerLocale();
  const result = await checkStartup();
  if (!result.ok) {
    // Written for the person starting the server, as plain text on stderr before the process ends
    // (with the set-up link below, the only console lines in server code: every other event is a
    // pino line, lib/log).
    console.error(startupFailureMessage(result.problems));
    process.exit(1);
  }
  // No owner yet and none configured: the one-time set-up link, printed before anyone is served.
  const { announceSetup } = await import('./setup-notice');
  await announceSetup(result.config);
  // Alerts: evaluated after each sync; the sweep, the deliveries and the digests on their schedule.
  const { startAlertJobs } = await import('@/lib/server/alert-jobs');
  startAlertJobs();
}
