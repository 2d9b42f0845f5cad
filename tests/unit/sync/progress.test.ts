import { describe, expect, it } from 'vitest';
import type { SyncJob } from '@/lib/store/jobs';
import { progressOf, RequestMeter } from '@/lib/sync/progress';

function job(windows: Array<{ nextPage: number; totalPages: number | null }>): SyncJob {
  return {
    shopId: 's1',
    jobId: 'j1',
    state: 'running',
    plan: {
      timeZone: 'UTC',
      from: '2026-01-01',
      to: '2026-01-31',
      catalogDone: true,
      windows: windows.map((w) => ({
        fromDay: '2026-01-01',
        toDay: '2026-01-31',
        startTs: 0,
        endTs: 1,
        nextPage: w.nextPage,
        totalPages: w.totalPages,
        ordersStored: (w.nextPage - 1) * 100,
        passStartedAt: 0,
        ordersDone: false,
        refundsDone: false,
      })),
    },
    startedAt: 0,
    updatedAt: 0,
    finishedAt: null,
    error: null,
  };
}

describe('RequestMeter', () => {
  it('extrapolates a young run instead of reporting the few requests made so far', () => {
    let now = 0;
    const meter = new RequestMeter(() => now);
    for (let i = 0; i < 10; i++) {
      meter.mark();
      now += 1_000; // one request a second: 60 a minute
    }
    expect(meter.perMinute()).toBeCloseTo(60, 0);
  });

  it('counts the last minute once the run is older than that', () => {
    let now = 0;
    const meter = new RequestMeter(() => now);
    for (let i = 0; i < 120; i++) {
      meter.mark();
      now += 2_000; // 30 a minute for four minutes
    }
    expect(meter.perMinute()).toBe(30);
  });
});

describe('progressOf', () => {
  it('gives an ETA at the budget early in a run, not at the handful of requests measured', () => {
    // Ten seconds in: 2 of 7 pages done (plus each window's refunds page).
    const p = progressOf('s1', job([{ nextPage: 3, totalPages: 7 }]), { running: true, requestsPerMinute: 12, fallbackPerMinute: 60 }, null);
    expect(p.pagesDone).toBe(2);
    expect(p.pagesTotal).toBe(8);
    expect(p.etaSeconds).toBe(30); // 6 pages at 12/min
    const burst = progressOf('s1', job([{ nextPage: 3, totalPages: 7 }]), { running: true, requestsPerMinute: 600, fallbackPerMinute: 60 }, null);
    expect(burst.requestsPerMinute).toBe(60); // a burst of prefetched pages is capped at the budget
    expect(burst.etaSeconds).toBe(6);
  });
});
