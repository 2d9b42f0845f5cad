import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AcquireResult, RateLimiter, WindowOptions } from './types';

// The same sliding-window log as SlidingWindowLimiter, kept in a Redis sorted set and checked and
// updated by one Lua script, so every process sharing the Redis shares one budget atomically.
// Time comes from the Redis server (TIME) unless a clock is injected, so app instances whose
// clocks disagree still agree on the window.

const ACQUIRE = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[4])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {0, paused} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

// Never shortens a longer pause another instance has already set.
const PAUSE = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
return 1
`;

export interface RedisSlidingWindowOptions extends WindowOptions {
  redis: Redis;
  /** Namespace of the Redis keys, e.g. 'spd:upstream'. */
  prefix: string;
  /** Overrides the Redis server's clock (tests). */
  now?: () => number;
}

export class RedisSlidingWindowLimiter implements RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly now: (() => number) | undefined;

  constructor(options: RedisSlidingWindowOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.limit = options.limit;
    this.windowMs = Math.ceil(options.windowMs);
    this.redis = options.redis;
    this.prefix = options.prefix;
    this.now = options.now;
  }

  /** Keys are hashed: an app key is not a secret, but it has no business in Redis key listings. */
  keysFor(key: string): [events: string, pause: string] {
    const id = createHash('sha256').update(key).digest('hex').slice(0, 24);
    // One hash tag, so both keys live in the same slot on a Redis Cluster.
    return [`${this.prefix}:{${id}}:events`, `${this.prefix}:{${id}}:pause`];
  }

  async tryAcquire(key: string): Promise<AcquireResult> {
    const [events, pause] = this.keysFor(key);
    const now = this.now ? String(Math.floor(this.now())) : '';
    const reply = (await this.redis.eval(ACQUIRE, 2, events, pause, this.limit, this.windowMs, randomUUID(), now)) as [
      number,
      number,
    ];
    return reply[0] === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, Number(reply[1])) };
  }

  async pause(key: string, ms: number): Promise<void> {
    const [, pause] = this.keysFor(key);
    await this.redis.eval(PAUSE, 1, pause, Math.max(1, Math.ceil(ms)));
  }
}
