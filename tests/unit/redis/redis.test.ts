import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeRedis, closeSharedRedis, createRedis, probeRedis, sharedRedis } from '@/lib/redis';
import { logger } from '@/lib/log';

// Nothing listens on port 1: every connection attempt is refused at once.
const UNREACHABLE = 'redis://:hunter2-pass@127.0.0.1:1';

afterEach(async () => {
  await closeSharedRedis();
  vi.restoreAllMocks();
});

describe('lib/redis', () => {
  it('logs an outage once, by host and code, never the password in the URL', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const client = createRedis(UNREACHABLE);
    // ioredis reconnects (and reports an error) every few tens of milliseconds meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await closeRedis(client);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/127\.0\.0\.1:1 unavailable \(ECONNREFUSED\)/);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('hunter2');
  });

  it('shares one client per URL until it is closed', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const first = sharedRedis(UNREACHABLE);
    expect(sharedRedis(UNREACHABLE)).toBe(first);
    expect(sharedRedis('redis://127.0.0.1:2')).not.toBe(first);
    await closeRedis(first);
    expect(sharedRedis(UNREACHABLE)).not.toBe(first);
  });

  it('a failed command fails fast instead of hanging during an outage', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    await expect(sharedRedis(UNREACHABLE).get('k')).rejects.toThrow();
  });

  it('the startup probe names the reason without retrying', async () => {
    expect(await probeRedis(UNREACHABLE, 1_000)).toBe('ECONNREFUSED');
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('the startup probe passes against a live Redis', async () => {
    expect(await probeRedis(process.env.TEST_REDIS_URL!, 1_000)).toBeNull();
  });
});
