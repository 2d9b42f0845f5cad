import http from 'node:http';
import { installPeerAddressHeader } from '@/lib/session/peer-address';
import { checkStartup, startupFailureMessage } from './startup';

// The Node.js side of instrumentation.ts, in its own module so the Edge build never sees node:http.

export async function startNodeServer(): Promise<void> {
  installPeerAddressHeader(http);
  const result = await checkStartup();
  if (!result.ok) {
    console.error(startupFailureMessage(result.problems));
    process.exit(1);
  }
}
