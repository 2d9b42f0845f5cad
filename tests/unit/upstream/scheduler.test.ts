import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import type { RateLimiter } from '@/lib/rate-limit';
import { Scheduler, SchedulerRegistry } from '@/lib/upstream/scheduler';
import { maxInAnyWindow } from '../rate-limit/window-count';

const MINUTE = 60_000;

function minuteScheduler(limit = 60, windowMs = MINUTE + 1000) {
  return new Scheduler({
    key: 'app',
    limiter: new SlidingWindowLimiter({ limit, windowMs, now: () => Date.now() }),
    interactiveDeadlineMs: Infinity,
  });
}

describe('Scheduler (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets 200 concurrent callers through without ever exceeding 60 sends in any 60 s', async () => {
    const scheduler = minuteScheduler();
    const sent: number[] = [];
    const done: number[] = [];
    const calls = Array.from({ length: 200 }, (_, i) =>
      scheduler
        .schedule(
          async () => {
            sent.push(Date.now());
            return i;
          },
          { priority: i % 3 === 0 ? 'interactive' : 'background' },
        )
        .then((value) => done.push(value)),
    );
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    await Promise.all(calls);
    expect(done).toHaveLength(200);
    expect(new Set(done).size).toBe(200);
    expect(maxInAnyWindow(sent, MINUTE)).toBeLessThanOrEqual(60);
    // The budget is used, not wasted: 200 sends fit in 4 windows (of 61 s with the safety margin)
    // even though the background ones are paced one by one instead of taken in a burst.
    expect(Math.max(...sent) - Math.min(...sent)).toBeLessThanOrEqual(4 * (MINUTE + 1000));
  });

  it('lets interactive calls overtake queued background calls, FIFO within a priority', async () => {
    const scheduler = minuteScheduler(1, 1000);
    const order: string[] = [];
    const run = (name: string, priority: 'interactive' | 'background') =>
      scheduler.schedule(async () => void order.push(name), { priority });
    const background = ['b1', 'b2', 'b3', 'b4'].map((n) => run(n, 'background'));
    await vi.advanceTimersByTimeAsync(10); // b1 takes the first slot; the others wait
    const interactive = ['i1', 'i2'].map((n) => run(n, 'interactive'));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all([...background, ...interactive]);
    expect(order).toEqual(['b1', 'i1', 'i2', 'b2', 'b3', 'b4']);
  });

  it('reads a priority function at dispatch time, so queued work can be promoted', async () => {
    const scheduler = minuteScheduler(1, 1000);
    const order: string[] = [];
    let urgent: 'interactive' | 'background' = 'background';
    const calls = [
      scheduler.schedule(async () => void order.push('b1'), { priority: 'background' }),
      scheduler.schedule(async () => void order.push('b2'), { priority: 'background' }),
      scheduler.schedule(async () => void order.push('promoted'), { priority: () => urgent }),
    ];
    await vi.advanceTimersByTimeAsync(10);
    urgent = 'interactive';
    await vi.advanceTimersByTimeAsync(5_000);
    await Promise.all(calls);
    expect(order).toEqual(['b1', 'promoted', 'b2']);
  });

  it('sends nothing while paused (429 Retry-After), then resumes', async () => {
    const scheduler = minuteScheduler();
    const sent: number[] = [];
    const start = Date.now();
    scheduler.pause(30_000);
    const call = scheduler.schedule(async () => void sent.push(Date.now() - start));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(sent).toEqual([30_000]);
  });

  it('removes an aborted call from the queue without spending its slot', async () => {
    const scheduler = minuteScheduler(1, 1000);
    const order: string[] = [];
    const first = scheduler.schedule(async () => void order.push('first'));
    const controller = new AbortController();
    const aborted = scheduler.schedule(async () => void order.push('aborted'), { signal: controller.signal });
    const third = scheduler.schedule(async () => void order.push('third'));
    const abortedResult = expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await abortedResult;
    expect(scheduler.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all([first, third]);
    expect(order).toEqual(['first', 'third']);
  });

  it('fails a call clearly when the limiter is unavailable instead of sending blind', async () => {
    const broken: RateLimiter = {
      tryAcquire: async () => {
        throw new Error('Redis connection refused');
      },
      pause: async () => undefined,
    };
    const errors: unknown[] = [];
    const scheduler = new Scheduler({ key: 'app', limiter: broken, onLimiterError: (e) => errors.push(e) });
    const task = vi.fn(async () => 1);
    await expect(scheduler.schedule(task)).rejects.toThrow('Redis connection refused');
    expect(task).not.toHaveBeenCalled();
    expect(errors).toHaveLength(1);
  });

  it('keeps one scheduler per app key', () => {
    const registry = new SchedulerRegistry(() => minuteScheduler());
    expect(registry.get('a')).toBe(registry.get('a'));
    expect(registry.get('a')).not.toBe(registry.get('b'));
  });
});
