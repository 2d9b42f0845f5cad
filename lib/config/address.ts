// How a store's address and a failure to reach it are put into words for logs and messages: a
// REDIS_URL or DATABASE_URL may carry a password, so only the host and an error code are named.

/** "host:port" of a URL, without user name or password. */
export function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return 'the configured address';
  }
}

/** A short, credential-free reason: the socket's error code, "timed out", else the error's class name. */
export function failureReason(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { errors?: unknown[] };
  if (typeof e?.code === 'string') return e.code;
  // Node's happy-eyeballs connect reports an AggregateError of per-address failures.
  const inner = e?.errors?.[0] as NodeJS.ErrnoException | undefined;
  if (typeof inner?.code === 'string') return inner.code;
  if (e instanceof Error && /timeout|timed out/i.test(e.message)) return 'timed out';
  return e instanceof Error ? e.name : 'unknown error';
}
