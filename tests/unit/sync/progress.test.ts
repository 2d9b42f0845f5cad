import { describe, expect, it } from 'vitest';
import type { SyncJob } from '@/lib/store/jobs';
import { etaOf, progressOf, rateOf } from '@/lib/sync/progress';

function job(
  windows: Array<{ nextPage: number; totalPages: number | null; fromDay?: string; toDay?: string }>,
  requestTimes: number[] = [],
): SyncJob {
  return {
    shopId: 's1',
    jobId: 'j1',
    state: 'running',
    plan: {
      why: 'range',
      timeZone: 'UTC',
      from: '2026-01-01',
      to: '2026-01-31',
      catalogDone: true,
      requestTimes,
      windows: windows.map((w) => ({
        fromDay: w.fromDay ?? '2026-01-01',
        toDay: w.toDay ?? '2026-01-31',
        startTs: 0,
        endTs: 1,
        nextPage: w.nextPage,
        totalPages: w.totalPages,
        ordersStored: (w.nextPage - 1) * 100,
        passStartedAt: 0,
        ordersDone: false,
        refundsDone: false,
        upstreamTotal: null,
        readAt: null,
        passes: 1,
      })),
    },
    startedAt: 0,
    updatedAt: 0,
    finishedAt: null,
    error: null,
  };
}

describe('rateOf (from the job saved in the store, so every instance shows the same rate)', () => {
  it('extrapolates a young run instead of reporting the few requests made so far', () => {
    const times = Array.from({ length: 10 }, (_, i) => i * 1_000); // one a second
    expect(rateOf(times, 10_000)).toBeCloseTo(60, 0);
  });

  it('counts the last minute once the run is older than that', () => {
    const times = Array.from({ length: 120 }, (_, i) => i * 2_000); // 30 a minute for four minutes
    expect(rateOf(times, 240_000)).toBe(30);
  });
});

describe('progressOf', () => {
  it('shows no ETA until the sync has been measured, then one from the rate it really gets', () => {
    // 2 of 7 pages done (plus the window's refunds page): 6 left.
    const burst = Array.from({ length: 20 }, (_, i) => 9_000 + i * 10);
    const p = progressOf(
      's1',
      job([{ nextPage: 3, totalPages: 7 }], burst),
      { running: true, budgetPerMinute: 60, now: 10_000 },
      null,
    );
    expect(p.pagesDone).toBe(2);
    expect(p.pagesTotal).toBe(8);
    expect(p.etaSeconds).toBeNull(); // a burst of prefetched pages says nothing of the pace yet
    expect(p.requestsPerMinute).toBe(60); // and its rate is capped at the budget
    // Measured for a minute at 25 requests a minute (the budget's share left to it), not 60.
    const shared = Array.from({ length: 26 }, (_, i) => i * 2_400);
    const measured = progressOf(
      's1',
      job([{ nextPage: 3, totalPages: 7 }], shared),
      { running: true, budgetPerMinute: 60, now: 60_000 },
      null,
    );
    expect(measured.etaSeconds).toBe(Math.ceil(6 * 2.4));
  });

  it('keeps its first ETA within half of the time a simulated sync then takes', () => {
    // A sync of 300 pages that gets 20 requests a minute (the rest of the budget goes to clicks,
    // the refresh policy and another instance), with bursts of 3 from prefetch.
    const times: number[] = [];
    let t = 0;
    let firstEta: { at: number; eta: number } | null = null;
    for (let page = 0; page < 300; page++) {
      t += page % 3 === 0 ? 8_500 : 50;
      times.push(t);
      const eta = etaOf(300 - page - 1, times.slice(-60));
      if (eta !== null && firstEta === null) firstEta = { at: t, eta };
    }
    expect(firstEta).not.toBeNull();
    const actual = (t - firstEta!.at) / 1000;
    expect(Math.abs(firstEta!.eta - actual)).toBeLessThanOrEqual(Math.max(60, actual / 2));
  });

  it('is the same on an instance that is not running the sync (rate from shared state)', () => {
    const times = Array.from({ length: 30 }, (_, i) => i * 2_000);
    const here = progressOf(
      's1',
      job([{ nextPage: 3, totalPages: 7 }], times),
      { running: true, budgetPerMinute: 60, now: 60_000 },
      null,
    );
    const there = progressOf(
      's1',
      job([{ nextPage: 3, totalPages: 7 }], times),
      { running: false, budgetPerMinute: 60, now: 60_000 },
      null,
    );
    expect(there.requestsPerMinute).toBe(here.requestsPerMinute);
    expect(there.requestsPerMinute).toBeGreaterThan(0);
    expect(there.etaSeconds).toBe(here.etaSeconds);
  });

  it('never shows the previous job while a new run is starting', () => {
    const previous = { ...job([{ nextPage: 24, totalPages: 23 }]), state: 'done' as const };
    const p = progressOf('s1', previous, { running: true, starting: true, budgetPerMinute: 60, now: 0 }, null);
    expect(p.pagesDone).toBe(0);
    expect(p.pagesTotal).toBe(0);
    expect(p.state).toBe('running');
  });

  it('estimates windows not reached yet at the density of the counted ones', () => {
    const j = job([
      { nextPage: 2, totalPages: 7, fromDay: '2026-01-25', toDay: '2026-01-31' },
      { nextPage: 1, totalPages: null, fromDay: '2026-01-04', toDay: '2026-01-24' },
    ]);
    const p = progressOf('s1', j, { running: true, budgetPerMinute: 60, now: 0 }, null);
    expect(p.pagesTotalKnown).toBe(false);
    expect(p.pagesTotal).toBe(7 + 1 + 21 + 1);
  });
});
