import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import { maxInAnyWindow } from './window-count';

// The two classes of the upstream budget: the sync (background) is paced and leaves a reserve
// while people are active; people (interactive) take any free slot.

const LIMIT = 60;
const WINDOW = 61_000;
const GAP = WINDOW / LIMIT;

function limiter(reserve = 2) {
  const clock = { t: 1_000_000 };
  return { clock, limiter: new SlidingWindowLimiter({ limit: LIMIT, windowMs: WINDOW, reserve, now: () => clock.t }) };
}

/** A greedy background: asks again exactly when told, for `ms`; returns the grant times. */
function runBackground(clock: { t: number }, l: SlidingWindowLimiter, ms: number): number[] {
  const granted: number[] = [];
  const end = clock.t + ms;
  while (clock.t < end) {
    const result = l.acquire('k', 'background');
    if (result.ok) granted.push(clock.t);
    else clock.t += result.retryAfterMs;
  }
  return granted;
}

describe('SlidingWindowLimiter pacing and reserve', () => {
  it('paces the background evenly instead of taking the whole window in a burst', () => {
    const { clock, limiter: l } = limiter();
    const granted = runBackground(clock, l, 5 * WINDOW);
    const gaps = granted.slice(1).map((t, i) => t - (granted[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.floor(GAP) - 1);
    // In the first ten seconds a burst would have sent 60; paced, about ten.
    expect(granted.filter((t) => t < (granted[0] as number) + 10_000).length).toBeLessThanOrEqual(10);
    expect(maxInAnyWindow(granted, WINDOW)).toBeLessThanOrEqual(LIMIT);
  });

  it('gives an idle budget back to the background: at least 95% of the limit when nobody clicks', () => {
    const { clock, limiter: l } = limiter();
    const granted = runBackground(clock, l, 10 * WINDOW);
    expect(granted.length / 10).toBeGreaterThanOrEqual(0.95 * LIMIT);
  });

  it('keeps the reserve free for a person while people are active, and lets it flow back after', () => {
    const { clock, limiter: l } = limiter(2);
    runBackground(clock, l, 2 * WINDOW); // the window is full of evenly spaced sync requests
    // A person arrives when the window is full: their slot is the next one to free, within a second.
    let first = l.acquire('k', 'interactive');
    const arrived = clock.t;
    while (!first.ok) {
      clock.t += first.retryAfterMs;
      first = l.acquire('k', 'interactive');
    }
    expect(clock.t - arrived).toBeLessThanOrEqual(Math.ceil(GAP));
    // From now on the sync stops short of the reserve: the person's next clicks go at once.
    runBackground(clock, l, 10_000);
    expect(l.acquire('k', 'interactive')).toEqual({ ok: true });
    expect(l.acquire('k', 'interactive')).toEqual({ ok: true });
    // A minute after the last click the reserve is unused and flows back: the sync fills the window.
    clock.t += WINDOW;
    const granted = runBackground(clock, l, 2 * WINDOW);
    expect(granted.length).toBeGreaterThanOrEqual(2 * LIMIT - 2);
  });

  it('makes up a late background grant on the next one instead of losing the slot', () => {
    const { clock, limiter: l } = limiter(0);
    expect(l.acquire('k', 'background').ok).toBe(true);
    clock.t += GAP + 300; // the sync's event loop was busy: it asks 300 ms after its slot was due
    expect(l.acquire('k', 'background').ok).toBe(true);
    clock.t += GAP - 300; // so the next slot is due on the original schedule
    expect(l.acquire('k', 'background').ok).toBe(true);
    clock.t += GAP / 4;
    expect(l.acquire('k', 'background').ok).toBe(false);
  });

  it('never holds back a person for pacing: interactive requests take any free slot', () => {
    const { limiter: l } = limiter();
    for (let i = 0; i < LIMIT; i++) expect(l.acquire('k', 'interactive').ok).toBe(true);
    expect(l.acquire('k', 'interactive').ok).toBe(false);
  });

  test.prop([
    fc.array(fc.record({ dt: fc.integer({ min: 0, max: 3_000 }), interactive: fc.boolean() }), {
      minLength: 1,
      maxLength: 400,
    }),
    fc.integer({ min: 0, max: 5 }),
  ])('never grants more than the limit in any window, whatever the mix of classes', (calls, reserve) => {
    const clock = { t: 0 };
    const l = new SlidingWindowLimiter({ limit: 10, windowMs: 10_000, reserve, now: () => clock.t });
    const granted: number[] = [];
    const background: number[] = [];
    for (const call of calls) {
      clock.t += call.dt;
      if (l.acquire('k', call.interactive ? 'interactive' : 'background').ok) {
        granted.push(clock.t);
        if (!call.interactive) background.push(clock.t);
      }
    }
    expect(maxInAnyWindow(granted, 10_000)).toBeLessThanOrEqual(10);
    // No bursts: background grants are never closer than half of window / limit (a late grant
    // is made up on the next one, no more).
    for (let i = 1; i < background.length; i++)
      expect((background[i] as number) - (background[i - 1] as number)).toBeGreaterThanOrEqual(500);
  });

  it('refuses a reserve that would leave the background no slot', () => {
    expect(() => new SlidingWindowLimiter({ limit: 2, windowMs: 1000, reserve: 2 })).toThrow(RangeError);
  });
});
