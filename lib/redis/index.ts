import { Redis } from 'ioredis';
import { addressOf, failureReason } from '@/lib/config/address';
import { logger } from '@/lib/log';

// The one way this app reaches Redis (the upstream budget, the sync lock, sessions, the sign-in
// throttle). One option set, one error policy and one client per URL per process:
//
// - Commands wait for the connection (a fresh instance shares budgets and counts at once); during
//   an outage each fails after one retry, so a caller falls back or answers 503 instead of hanging.
// - Errors are logged once per outage, by host and error code: a REDIS_URL may carry a password,
//   so neither the URL nor ioredis's message is logged. An 'error' listener is always attached:
//   an unhandled 'error' event would crash the process.
// - Not marked 'server-only': the startup check also runs in scripts outside Next.js (npm run service);
//   dependency-cruiser keeps it out of browser code instead.
// - The client lives on globalThis: Next.js gives each route bundle its own copy of a module, and a
//   copy per bundle would mean a connection per bundle.

const MAX_RETRIES_PER_REQUEST = 1;

/** A new client with the app's options and error policy. Prefer sharedRedis(); close it with closeRedis(). */
export function createRedis(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: MAX_RETRIES_PER_REQUEST });
  let warned = false;
  client.on('error', (error: unknown) => {
    if (warned) return;
    warned = true;
    logger().warn(
      { scope: 'redis', address: addressOf(url), reason: failureReason(error) },
      `Redis at ${addressOf(url)} unavailable (${failureReason(error)}); retrying in the background.`,
    );
  });
  client.on('ready', () => {
    warned = false;
  });
  return client;
}

// Bound: one client per configured Redis URL (the session store's and the limiter's: at most two).
const clients = ((globalThis as typeof globalThis & { __spdRedis?: Map<string, Redis> }).__spdRedis ??= new Map());

/** The process's client for `url`, created on first use. */
export function sharedRedis(url: string): Redis {
  let client = clients.get(url);
  if (!client) {
    client = createRedis(url);
    clients.set(url, client);
  }
  return client;
}

/** Closes a client: pending replies are awaited when connected, otherwise it is dropped at once. */
export async function closeRedis(client: Redis): Promise<void> {
  for (const [url, shared] of clients) if (shared === client) clients.delete(url);
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/** Closes every shared client (shutdown, tests). */
export async function closeSharedRedis(): Promise<void> {
  await Promise.all([...clients.values()].map(closeRedis));
}

/**
 * Connects once, pings and disconnects, without retrying: the startup check. Resolves with the
 * reason it failed (credential-free, e.g. "ECONNREFUSED" or "timed out"), or null when Redis answered.
 */
export async function probeRedis(url: string, timeoutMs: number): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // The connection error itself arrives as an event; connect() only says "Connection is closed".
  let connectionError: unknown;
  client.on('error', (error: unknown) => {
    connectionError ??= error;
  });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return failureReason(connectionError ?? error);
  } finally {
    client.disconnect();
  }
}
