import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { CATCH_UP_SLOTS } from './sliding-window';
import {
  pacingOf,
  type AcquireResult,
  type PacingOptions,
  type RateLimiter,
  type RequestClass,
  type WindowOptions,
} from './types';

// The same sliding-window log and class rules as SlidingWindowLimiter, kept in Redis and checked
// and updated by one Lua script, so every process sharing the Redis shares one budget, one pacing
// of the background and one reserve: a person waiting on instance A holds the reserve against the
// sync running on instance B. Time comes from the Redis server (TIME) unless a clock is injected,
// so app instances whose clocks disagree still agree on the window.

const ACQUIRE = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[4])
local interactive = ARGV[5] == 'i'
local reserve = tonumber(ARGV[6])
local hold = tonumber(ARGV[7])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local keep = math.max(window, hold) * 2
if interactive then
  redis.call('HSET', KEYS[3], 'int', now)
  redis.call('PEXPIRE', KEYS[3], keep)
end
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {0, paused} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local wait = 0
local nextBg = nil
local cap = limit
if interactive then
  if count >= limit then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    wait = tonumber(oldest[2]) + window - now
  end
else
  local lastInt = tonumber(redis.call('HGET', KEYS[3], 'int') or '')
  nextBg = tonumber(redis.call('HGET', KEYS[3], 'bg') or '')
  local held = lastInt ~= nil and now - lastInt < hold
  cap = limit
  if held then cap = limit - reserve end
  if count >= cap then
    local e = redis.call('ZRANGE', KEYS[1], count - cap, count - cap, 'WITHSCORES')
    wait = tonumber(e[2]) + window - now
    if held then wait = math.min(wait, lastInt + hold - now) end
  end
  if nextBg ~= nil then wait = math.max(wait, nextBg - now) end
end
if wait > 0 then return {0, math.ceil(wait)} end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
if not interactive then
  -- The next slot is one gap after the one that was due (up to ARGV[8] missed slots are made
  -- up, not lost), never earlier than half a gap from now (no burst). As nextBackgroundDue.
  local gap = window / cap
  local due = now + gap
  if nextBg ~= nil and now - nextBg < tonumber(ARGV[8]) * gap then due = math.max(nextBg + gap, now + gap / 2) end
  redis.call('HSET', KEYS[3], 'bg', due)
  redis.call('PEXPIRE', KEYS[3], keep)
end
return {1, 0}
`;

// Never shortens a longer pause another instance has already set.
const PAUSE = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
return 1
`;

export interface RedisSlidingWindowOptions extends WindowOptions, PacingOptions {
  redis: Redis;
  /** Namespace of the Redis keys, e.g. 'spd:upstream'. */
  prefix: string;
  /** Overrides the Redis server's clock (tests). */
  now?: () => number;
}

export class RedisSlidingWindowLimiter implements RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly reserve: number;
  readonly reserveHoldMs: number;
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly now: (() => number) | undefined;

  constructor(options: RedisSlidingWindowOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError('limit must be a positive integer');
    if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.limit = options.limit;
    this.windowMs = Math.ceil(options.windowMs);
    ({ reserve: this.reserve, reserveHoldMs: this.reserveHoldMs } = pacingOf(options));
    this.redis = options.redis;
    this.prefix = options.prefix;
    this.now = options.now;
  }

  /** Keys are hashed: an app key is not a secret, but it has no business in Redis key listings. */
  keysFor(key: string): [events: string, pause: string, classes: string] {
    const id = createHash('sha256').update(key).digest('hex').slice(0, 24);
    // One hash tag, so every key lives in the same slot on a Redis Cluster.
    return [`${this.prefix}:{${id}}:events`, `${this.prefix}:{${id}}:pause`, `${this.prefix}:{${id}}:classes`];
  }

  async tryAcquire(key: string, requestClass: RequestClass = 'interactive'): Promise<AcquireResult> {
    const [events, pause, classes] = this.keysFor(key);
    const now = this.now ? String(Math.floor(this.now())) : '';
    const reply = (await this.redis.eval(
      ACQUIRE,
      3,
      events,
      pause,
      classes,
      this.limit,
      this.windowMs,
      randomUUID(),
      now,
      requestClass === 'interactive' ? 'i' : 'b',
      this.reserve,
      Math.ceil(this.reserveHoldMs),
      CATCH_UP_SLOTS,
    )) as [number, number];
    return reply[0] === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, Number(reply[1])) };
  }

  async pause(key: string, ms: number): Promise<void> {
    const [, pause] = this.keysFor(key);
    await this.redis.eval(PAUSE, 1, pause, Math.max(1, Math.ceil(ms)));
  }
}
