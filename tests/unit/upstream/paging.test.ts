import { describe, expect, it } from 'vitest';
import { MAX_RANGE_SECONDS, paginate } from '@/lib/contract';
import { SlidingWindowLimiter } from '@/lib/rate-limit';
import {
  fetchAllRefunds,
  iteratePages,
  listOrdersAcrossWindows,
  pagesCovering,
  splitRange,
} from '@/lib/upstream/paging';
import { Scheduler } from '@/lib/upstream/scheduler';
import { setup } from './client-setup';
import { ORDERS, REFUNDS } from './fake-upstream';

const DAY = 86_400;
const unlimited = () =>
  new Scheduler({ key: 'k', limiter: new SlidingWindowLimiter({ limit: 1_000_000, windowMs: 1000 }) });

function spans(requests: Request[]) {
  return requests.map((r) => {
    const params = new URL(r.url).searchParams;
    return {
      start: Number(params.get('startDate')),
      end: Number(params.get('endDate')),
      limit: Number(params.get('limit')),
    };
  });
}

describe('splitRange', () => {
  it('keeps a range within the limit as one window', () => {
    expect(splitRange(1000, 1000 + 300 * DAY)).toEqual([{ startDate: 1000, endDate: 1000 + 300 * DAY }]);
    expect(splitRange(5, 5)).toEqual([{ startDate: 5, endDate: 5 }]);
  });

  it('covers any range with consecutive windows of at most 366 days, no gaps, no overlaps', () => {
    let seed = 11;
    for (let n = 0; n < 200; n += 1) {
      seed = (seed * 48271) % 2147483647;
      const start = 1_600_000_000 + (seed % 10_000_000);
      const end = start + (seed % (5 * 366 * DAY));
      const windows = splitRange(start, end);
      expect(windows[0]?.startDate).toBe(start);
      expect(windows.at(-1)?.endDate).toBe(end);
      windows.forEach((w, i) => {
        expect(w.endDate).toBeGreaterThanOrEqual(w.startDate);
        expect(w.endDate - w.startDate).toBeLessThan(MAX_RANGE_SECONDS);
        if (i > 0) expect(w.startDate).toBe((windows[i - 1]?.endDate as number) + 1);
      });
      expect(windows.length).toBe(Math.ceil((end - start + 1) / MAX_RANGE_SECONDS));
    }
  });

  it('refuses a reversed range', () => {
    expect(() => splitRange(10, 9)).toThrow(RangeError);
  });
});

describe('iteratePages and pagesCovering', () => {
  it('walks every page at limit 100 and stops at the last', async () => {
    const asked: [number, number][] = [];
    const data = Array.from({ length: 250 }, (_, i) => i);
    const pages = iteratePages(async (page, limit) => {
      asked.push([page, limit]);
      return { items: data.slice((page - 1) * limit, page * limit), pagination: paginate(data.length, page, limit) };
    });
    const seen: number[] = [];
    for await (const page of pages) seen.push(...page.items);
    expect(seen).toEqual(data);
    expect(asked).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
  });

  it('asks again for an empty or short page before the last (bypassing caches), never ending the list early', async () => {
    const data = Array.from({ length: 250 }, (_, i) => i);
    const asked: [number, boolean][] = [];
    let faults = 2; // page 2 comes back empty, then with ten items, then whole
    const pages = iteratePages(async (page, limit, again) => {
      asked.push([page, again]);
      let items = data.slice((page - 1) * limit, page * limit);
      if (page === 2 && faults > 0) items = faults-- === 2 ? [] : items.slice(0, 10);
      return { items, pagination: paginate(data.length, page, limit) };
    });
    const seen: number[] = [];
    for await (const page of pages) seen.push(...page.items);
    expect(seen).toEqual(data);
    expect(asked).toEqual([
      [1, false],
      [2, false],
      [2, true],
      [2, true],
      [3, false],
    ]);
  });

  it('fails with a clear error when a page stays short, instead of returning a list with a hole', async () => {
    const data = Array.from({ length: 250 }, (_, i) => i);
    const pages = iteratePages(async (page, limit) => ({
      items: page === 2 ? [] : data.slice((page - 1) * limit, page * limit),
      pagination: paginate(data.length, page, limit),
    }));
    const seen: number[] = [];
    await expect(async () => {
      for await (const page of pages) seen.push(...page.items);
    }).rejects.toMatchObject({
      code: 'BAD_UPSTREAM_PAYLOAD',
      sellerMessage: expect.stringMatching(/fewer records than it counted/),
    });
    expect(seen).toEqual(data.slice(0, 100));
  });

  it('covers a slice with one page when some page size allows it, else two', () => {
    expect(pagesCovering(0, 37)).toEqual([{ page: 1, limit: 100 }]);
    expect(pagesCovering(130, 20)).toEqual([{ page: 2, limit: 100 }]);
    expect(pagesCovering(30, 100)).toEqual([
      { page: 1, limit: 100 },
      { page: 2, limit: 100 },
    ]);
    for (const [offset, count] of [
      [95, 10],
      [7, 7],
      [1234, 50],
    ] as const) {
      const covers = pagesCovering(offset, count);
      const first = covers[0] as { page: number; limit: number };
      const last = covers.at(-1) as { page: number; limit: number };
      expect((first.page - 1) * first.limit).toBeLessThanOrEqual(offset);
      expect(last.page * last.limit).toBeGreaterThanOrEqual(offset + count);
    }
  });
});

describe('listOrdersAcrossWindows', () => {
  const startDate = ORDERS[0]!.createTime;
  const endDate = ORDERS.at(-1)!.createTime; // about three years: four windows

  it('returns exactly the orders of each global page, in either direction, never spanning > 366 days', async () => {
    for (const sort of ['ASC', 'DESC'] as const) {
      const truth = sort === 'ASC' ? ORDERS : [...ORDERS].reverse();
      for (const limit of [100, 7]) {
        const { client, upstream } = setup({ scheduler: unlimited() });
        const pageCount = Math.ceil(truth.length / limit);
        for (let page = 1; page <= pageCount; page += 1) {
          const result = await listOrdersAcrossWindows(client, 'shop-1', { startDate, endDate, page, limit, sort });
          expect(result.pagination).toEqual({ page, limit, total: truth.length, totalPages: pageCount });
          expect(result.items.map((o) => o.id)).toEqual(truth.slice((page - 1) * limit, page * limit).map((o) => o.id));
        }
        for (const span of spans(upstream.requests))
          expect(span.end - span.start).toBeLessThanOrEqual(MAX_RANGE_SECONDS);
      }
    }
  });

  it('asks each window for its total once, then reads only the windows that hold the page', async () => {
    const { client, upstream } = setup({ scheduler: unlimited() });
    await listOrdersAcrossWindows(client, 'shop-1', { startDate, endDate, page: 1, limit: 100 });
    const totals = spans(upstream.requests).filter((s) => s.limit === 1);
    expect(totals).toHaveLength(splitRange(startDate, endDate).length);
    const before = upstream.requests.length;
    await listOrdersAcrossWindows(client, 'shop-1', { startDate, endDate, page: 4, limit: 100 });
    const after = spans(upstream.requests.slice(before));
    expect(after.filter((s) => s.limit === 1)).toHaveLength(0);
    expect(after.length).toBeLessThanOrEqual(2);
  });

  it('answers an empty page past the end, and passes a short range straight through', async () => {
    const { client, upstream } = setup({ scheduler: unlimited() });
    const past = await listOrdersAcrossWindows(client, 'shop-1', { startDate, endDate, page: 99, limit: 100 });
    expect(past.items).toEqual([]);
    expect(past.pagination.total).toBe(1000);
    const before = upstream.requests.length;
    const short = await listOrdersAcrossWindows(client, 'shop-1', {
      startDate,
      endDate: startDate + 30 * DAY,
      limit: 10,
    });
    expect(short.items).toHaveLength(10);
    expect(upstream.requests.length - before).toBe(1);
  });
});

describe('fetchAllRefunds', () => {
  it('reads every refund day over windows × pages at limit 100, oldest first', async () => {
    const { client, upstream } = setup({ scheduler: unlimited() });
    const days = await fetchAllRefunds(client, 'shop-1', REFUNDS[0]!.date, REFUNDS.at(-1)!.date);
    expect(days).toEqual(REFUNDS);
    for (const span of spans(upstream.requests)) {
      expect(span.limit).toBe(100);
      expect(span.end - span.start).toBeLessThanOrEqual(MAX_RANGE_SECONDS);
    }
  });
});
