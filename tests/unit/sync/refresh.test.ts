import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGETS, dueTasks, retryAt, startable, type ShopFreshness } from '@/lib/sync/refresh';

const MIN = 60_000;
const NOW = 1_800_000_000_000;

function shop(id: string, fields: Partial<ShopFreshness> = {}): ShopFreshness {
  return {
    shop: { id, timezone: 'UTC' },
    todayReadAt: NOW - MIN,
    viewedAt: null,
    running: false,
    unsettledCheckedAt: NOW,
    reconciledAt: NOW,
    failures: 0,
    failedAt: null,
    ...fields,
  };
}

describe('the refresh policy decides what buys the most freshness', () => {
  it('reads a viewed shop at 2 minutes and others at 15, each from 0.75 of its target', () => {
    const viewed = shop('viewed', { viewedAt: NOW - MIN, todayReadAt: NOW - 1.6 * MIN });
    const fresh = shop('fresh', { viewedAt: NOW - MIN, todayReadAt: NOW - 1.4 * MIN });
    const other = shop('other', { todayReadAt: NOW - 12 * MIN });
    const recent = shop('recent', { todayReadAt: NOW - 10 * MIN });
    const tasks = dueTasks([viewed, fresh, other, recent], NOW, DEFAULT_TARGETS);
    expect(tasks.map((t) => [t.kind, t.shop.id, t.targetMs])).toEqual([
      ['today', 'viewed', 2 * MIN],
      ['today', 'other', 15 * MIN],
    ]);
  });

  it('puts viewed shops first at equal lateness, and a never-read shop before all', () => {
    const tasks = dueTasks(
      [
        shop('other', { todayReadAt: NOW - 15 * MIN }),
        shop('viewed', { viewedAt: NOW, todayReadAt: NOW - 2 * MIN }),
        shop('never', { todayReadAt: null }),
      ],
      NOW,
      DEFAULT_TARGETS,
    );
    expect(tasks.map((t) => t.shop.id)).toEqual(['never', 'viewed', 'other']);
  });

  it('checks the unsettled window and reconciles when today is fresh, and skips running shops', () => {
    const tasks = dueTasks(
      [
        shop('unsettled', { unsettledCheckedAt: NOW - 3 * 60 * MIN }),
        shop('reconcile', { reconciledAt: NOW - 25 * 60 * MIN }),
        shop('busy', { running: true, todayReadAt: null }),
      ],
      NOW,
      DEFAULT_TARGETS,
    );
    expect(tasks.map((t) => [t.kind, t.shop.id])).toEqual([
      ['unsettled', 'unsettled'],
      ['reconcile', 'reconcile'],
    ]);
  });

  it('backs a failing shop off, doubling up to 15 minutes', () => {
    expect(retryAt({ failures: 1, failedAt: NOW }, DEFAULT_TARGETS)).toBe(NOW + 30_000);
    expect(retryAt({ failures: 3, failedAt: NOW }, DEFAULT_TARGETS)).toBe(NOW + 120_000);
    expect(retryAt({ failures: 20, failedAt: NOW }, DEFAULT_TARGETS)).toBe(NOW + 15 * MIN);
    const failing = shop('failing', { todayReadAt: null, failures: 2, failedAt: NOW - 30_000 });
    expect(dueTasks([failing], NOW, DEFAULT_TARGETS)).toEqual([]);
    expect(dueTasks([failing], NOW + 31_000, DEFAULT_TARGETS).map((t) => t.shop.id)).toEqual(['failing']);
  });
});

describe('refreshes at once, per upstream key', () => {
  it("starts at most maxConcurrent per key: one key's backlog never holds back another key's shops", () => {
    const backlog = Array.from({ length: 6 }, (_, i) => shop(`a${i}`, { todayReadAt: NOW - (60 + i) * MIN }));
    const other = Array.from({ length: 2 }, (_, i) => shop(`0123abcd~b${i}`, { todayReadAt: NOW - 20 * MIN }));
    const busy = shop('a-busy', { running: true, todayReadAt: NOW });
    const shops = [...backlog, ...other, busy];
    const tasks = startable(dueTasks(shops, NOW, DEFAULT_TARGETS), shops, 4);
    // Key A (the first connection): 4 at once, one of them already running; key B's two start too.
    expect(tasks.map((t) => t.shop.id).sort()).toEqual(['0123abcd~b0', '0123abcd~b1', 'a3', 'a4', 'a5'].sort());
  });
});
