import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { isQueueRefusal, Scheduler } from '@/lib/upstream/scheduler';
import { maxInAnyWindow } from '../rate-limit/window-count';

// A sync keeping the queue full and a person clicking, on one scheduler with the production
// budget (60 per 61 s, reserve 2), driven by fake timers through minutes of traffic.

const MINUTE = 60_000;
const WINDOW = MINUTE + 1_000;

function productionLike(options: { maxQueued?: number; interactiveDeadlineMs?: number } = {}) {
  return new Scheduler({
    key: 'app',
    limiter: new SlidingWindowLimiter({ limit: 60, windowMs: WINDOW, reserve: 2, now: () => Date.now() }),
    ...options,
  });
}

/** A sync that always has `depth` background requests queued (the runner prefetches) until stopped. */
function startSync(scheduler: Scheduler, sent: number[], depth = 3) {
  let running = true;
  const loop = async () => {
    while (running) {
      await scheduler.schedule(async () => void sent.push(Date.now()), { priority: 'background' });
    }
  };
  const loops = Array.from({ length: depth }, loop);
  return async () => {
    running = false;
    await vi.advanceTimersByTimeAsync(5 * WINDOW);
    await Promise.all(loops);
  };
}

describe('Scheduler with a paced, reserved budget (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a person within about a second while the sync saturates the budget, and never exceeds it', async () => {
    const scheduler = productionLike();
    const background: number[] = [];
    const interactive: number[] = [];
    const waits: number[] = [];
    const stop = startSync(scheduler, background);
    // Two idle minutes: the sync alone.
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    const idleStart = Date.now() - MINUTE;
    const idleSent = background.filter((t) => t >= idleStart).length;
    // Then a person clicks every 5 s for three minutes.
    const clicksFrom = Date.now();
    for (let i = 0; i < 36; i++) {
      const asked = Date.now();
      void scheduler.schedule(async () => {
        interactive.push(Date.now());
        waits.push(Date.now() - asked);
      });
      await vi.advanceTimersByTimeAsync(5_000);
    }
    const busyMinutes = (Date.now() - clicksFrom) / MINUTE;
    const busySent = background.filter((t) => t >= clicksFrom).length;
    await stop();

    expect(waits).toHaveLength(36);
    expect(Math.max(...waits)).toBeLessThanOrEqual(1_100);
    // The upstream counts 60 in any 60 s: our 61 s window keeps under it with a second to spare.
    expect(maxInAnyWindow([...background, ...interactive], MINUTE)).toBeLessThanOrEqual(60);
    expect(idleSent).toBeGreaterThanOrEqual(0.9 * 60);
    // 12 clicks a minute take 12 slots; the sync keeps the rest but the reserve.
    expect(busySent / busyMinutes).toBeGreaterThanOrEqual(0.7 * 60);
  });

  it('wakes up for a person who arrives while the sync waits for its next paced slot', async () => {
    const scheduler = productionLike();
    const sent: number[] = [];
    const stop = startSync(scheduler, sent, 1);
    await vi.advanceTimersByTimeAsync(100); // the first sync request went; the next waits ~1 s
    const asked = Date.now();
    let servedAt = 0;
    const click = scheduler.schedule(async () => void (servedAt = Date.now()));
    await vi.advanceTimersByTimeAsync(50);
    await click;
    expect(servedAt - asked).toBeLessThan(50);
    await stop();
  });

  it('refuses work at once when the queue is full, with a time to come back', async () => {
    const scheduler = productionLike({ maxQueued: 3 });
    scheduler.pause(60_000);
    const queued = [1, 2, 3].map(() => scheduler.schedule(async () => 1).catch((e: unknown) => e));
    const refused = await scheduler.schedule(async () => 1).catch((e: unknown) => e);
    expect(isQueueRefusal(refused)).toBe(true);
    expect(refused).toMatchObject({ reason: 'full' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThanOrEqual(59_000);
    expect(scheduler.size).toBe(3);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    await Promise.all(queued);
  });

  it('gives up on a person after the deadline and leaves the queue, spending no budget', async () => {
    const scheduler = productionLike({ interactiveDeadlineMs: 10_000 });
    scheduler.pause(30_000); // the upstream said Retry-After: 30
    const task = vi.fn(async () => 1);
    const outcome = scheduler.schedule(task).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const refused = await outcome;
    expect(refused).toMatchObject({ name: 'QueueRefusal', reason: 'deadline' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThanOrEqual(19_000);
    expect(scheduler.size).toBe(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(task).not.toHaveBeenCalled();
  });

  it('lets background work wait past the deadline: the sync is never refused for waiting', async () => {
    const scheduler = productionLike({ interactiveDeadlineMs: 10_000 });
    scheduler.pause(30_000);
    const done = scheduler.schedule(async () => 'stored', { priority: 'background' });
    await vi.advanceTimersByTimeAsync(31_000);
    await expect(done).resolves.toBe('stored');
  });
});
