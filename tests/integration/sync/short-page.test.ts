import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuReport } from '@/lib/reports/sku-report';
import { addDays, shopDayEnd, shopDayStart, shopLocalDate } from '@/lib/time';
import { SyncEngine } from '@/lib/sync/engine';
import { recountSkus, readShop, type RawShop } from '@/tests/support/oracle/recount';
import {
  clientFor,
  DEMO_KEY,
  DEMO_SECRET,
  freshStore,
  startService,
  upstreamOrders,
  type ServiceFixture,
} from '@/tests/support/sync/harness';

// An upstream that answers a page in the middle of a window with fewer orders than its own
// pagination counts (an empty page, a truncated page). The sync must ask again, never take the
// page as the end of the window, and the report must come out exact.

const SWITCHES = { includeCancelled: false, includeSamples: false };

/** Answers orders page `page` of every window with `keep` of its items, the first `times` times it is asked. */
function shortPages(page: number, keep: (n: number) => number, times: number) {
  let left = times;
  const served = { short: 0 };
  const mangle = async (url: URL, response: Response) => {
    if (!url.pathname.endsWith('/orders-by-product') || url.searchParams.get('page') !== String(page) || left <= 0)
      return response;
    const body = (await response.json()) as { data: { items: unknown[]; pagination: { totalPages: number } } };
    if (body.data.pagination.totalPages <= page) return Response.json(body);
    left--;
    served.short++;
    body.data.items = body.data.items.slice(0, keep(body.data.items.length));
    return Response.json(body);
  };
  return { mangle, served };
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a short or empty page mid-window (postgres: %s)',
  (postgres) => {
    let svc: ServiceFixture;
    let raw: RawShop;
    let range: { from: string; to: string };
    let expectedOrders: number;

    beforeAll(async () => {
      svc = await startService({ orders: 3_000 });
      const tz = svc.shop.timezone;
      const today = shopLocalDate(Math.floor(Date.now() / 1000), tz);
      range = { from: addDays(today, -120), to: addDays(today, -2) };
      const fetch = (request: Request) => svc.handler.handle(request, { clientIp: '127.0.0.1' });
      raw = await readShop(
        fetch,
        DEMO_KEY,
        DEMO_SECRET,
        svc.shop.id,
        tz,
        shopDayStart(range.from, tz) - 86_400,
        shopDayEnd(range.to, tz) + 86_400,
      );
      expectedOrders = (
        await upstreamOrders(svc.service, svc.shop.id, shopDayStart(range.from, tz), shopDayEnd(range.to, tz))
      ).length;
    });
    afterAll(() => svc.close());

    it.each([
      ['an empty page', () => 0],
      ['a page with a third of its orders', (n: number) => Math.floor(n / 3)],
    ])('re-reads %s and stores every order: the report equals the recount', async (_name, keep) => {
      const { store, close } = await freshStore(svc.dir, postgres);
      try {
        const faults = shortPages(2, keep, 2);
        const { client } = clientFor(svc.handler, { mangle: faults.mangle });
        const engine = new SyncEngine({ store, client });
        const done = await engine.sync(svc.shop, range);
        expect(faults.served.short).toBeGreaterThan(0); // the fault did happen
        expect(done.state).toBe('done');
        expect(
          await store.countOrders(
            svc.shop.id,
            shopDayStart(range.from, svc.shop.timezone),
            shopDayEnd(range.to, svc.shop.timezone),
          ),
        ).toBe(expectedOrders);
        expect((await engine.coverage(svc.shop, range)).complete).toBe(true);
        const report = await skuReport({ store, now: Date.now() }, svc.shop, range, { switches: SWITCHES });
        const expected = recountSkus(raw, range, SWITCHES);
        expect(report.totals.lines).toBe(expected.totals.lines);
        expect(report.totals.netProfit).toBe(expected.totals.netProfit);
        expect(report.rows.map((r) => [r.skuId, r.lines, r.netProfit])).toEqual(
          expected.rows.map((r) => [r.skuId, r.lines, r.netProfit]),
        );
      } finally {
        await close();
      }
    });

    it('does not mark the window covered when the upstream keeps sending a short page; the seller is told why', async () => {
      const { store, close } = await freshStore(svc.dir, postgres);
      try {
        const faults = shortPages(2, () => 0, 1_000);
        const { client } = clientFor(svc.handler, { mangle: faults.mangle });
        const engine = new SyncEngine({ store, client });
        await expect(engine.sync(svc.shop, range)).rejects.toThrow();
        const progress = await engine.progress(svc.shop.id);
        expect(progress.state).toBe('failed');
        expect(progress.error).toMatch(/fewer orders than it counted/);
        const coverage = await engine.coverage(svc.shop, range);
        expect(coverage.complete).toBe(false);
      } finally {
        await close();
      }
    });
  },
);
