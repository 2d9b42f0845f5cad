import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { maxInAnyWindow } from './window-count';

function fakeNow(start = 1_000_000) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

describe('SlidingWindowLimiter', () => {
  it('grants N events, then says exactly how long until the oldest leaves the window', () => {
    const clock = fakeNow();
    const limiter = new SlidingWindowLimiter({ limit: 3, windowMs: 1000, now: clock.now });
    expect(limiter.acquire('k')).toEqual({ ok: true });
    clock.t += 100;
    expect(limiter.acquire('k')).toEqual({ ok: true });
    expect(limiter.acquire('k')).toEqual({ ok: true });
    expect(limiter.acquire('k')).toEqual({ ok: false, retryAfterMs: 900 });
    clock.t += 899;
    expect(limiter.acquire('k').ok).toBe(false);
    clock.t += 1;
    expect(limiter.acquire('k')).toEqual({ ok: true });
    expect(limiter.acquire('k')).toEqual({ ok: false, retryAfterMs: 100 });
  });

  it('never allows more than N in any window, where a fixed window would allow 2N at a boundary', () => {
    const clock = fakeNow(0);
    const limiter = new SlidingWindowLimiter({ limit: 10, windowMs: 1000, now: clock.now });
    const granted: number[] = [];
    // Bursts just before and just after a round second, then a steady random stream.
    for (const t of [990, 995, 1001, 1005]) {
      clock.t = t;
      for (let i = 0; i < 10; i += 1) if (limiter.acquire().ok) granted.push(t);
    }
    let seed = 7;
    for (let i = 0; i < 5000; i += 1) {
      seed = (seed * 48271) % 2147483647;
      clock.t += seed % 40;
      if (limiter.acquire().ok) granted.push(clock.t);
    }
    expect(granted.length).toBeGreaterThan(500);
    expect(maxInAnyWindow(granted, 1000)).toBe(10);
  });

  it('keeps keys apart and honours a pause', async () => {
    const clock = fakeNow();
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000, now: clock.now });
    expect(limiter.acquire('a').ok).toBe(true);
    expect(limiter.acquire('b').ok).toBe(true);
    await limiter.pause('c', 5000);
    expect(await limiter.tryAcquire('c')).toEqual({ ok: false, retryAfterMs: 5000 });
    clock.t += 5000;
    expect(await limiter.tryAcquire('c')).toEqual({ ok: true });
  });

  it('rejects a nonsensical configuration', () => {
    expect(() => new SlidingWindowLimiter({ limit: 0, windowMs: 1000 })).toThrow(RangeError);
    expect(() => new SlidingWindowLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError);
  });
});
