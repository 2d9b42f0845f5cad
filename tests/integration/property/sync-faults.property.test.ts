import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skuReport } from '@/lib/reports/sku-report';
import { SyncEngine } from '@/lib/sync/engine';
import { recountSkus, shiftDay } from '@/tests/support/oracle/recount';
import { propertyFixture } from '@/tests/support/property/fixture';
import { clientFor, freshStore } from '@/tests/support/sync/harness';
import { runs, SEED, todayOf } from './arbitraries';

// The sync under generated faults: pages that come back empty or truncated, 500s and 429s at
// arbitrary requests, and a crash after an arbitrary number of pages followed by a resume. Whatever
// happens, once the engine says the range is complete the stored orders equal the upstream's:
// the SKU report equals the oracle to the cent.

const FAULT_RUNS = runs(12);
const SWITCHES = { includeCancelled: false, includeSamples: false };

describe('sync under generated faults', () => {
  // The fixture's own store stays empty: each case syncs into a fresh one through a faulty client.
  const fx = propertyFixture({ orders: 3_000, postgres: false, rawDays: 430, firstShopOnly: true }, 120_000);

  it('ends with exactly the upstream orders whenever it reports the range complete', async () => {
    let cases = 0;
    const faultArb = fc.record({
      // Request numbers (1-based) whose orders page is truncated to this share of its items.
      short: fc.dictionary(fc.integer({ min: 1, max: 60 }).map(String), fc.constantFrom(0, 0.3, 0.9), { maxKeys: 6 }),
      every500: fc.constantFrom(0, 7, 11),
      every429: fc.constantFrom(0, 13),
      crashAfterPages: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      startOffset: fc.integer({ min: -400, max: -20 }),
      length: fc.integer({ min: 1, max: 200 }),
    });
    await fc.assert(
      fc.asyncProperty(faultArb, async (f) => {
        cases++;
        const { svc } = fx;
        const raw = fx.raw.get(svc.shop.id)!;
        const today = todayOf(svc.shop.timezone);
        const from = shiftDay(today, f.startOffset);
        const to = shiftDay(from, f.length) > today ? today : shiftDay(from, f.length);
        const range = { from, to };
        const { store, close } = await freshStore(svc.dir);
        try {
          let orderRequests = 0;
          const mangle = async (url: URL, response: Response) => {
            if (!url.pathname.endsWith('/orders-by-product')) return response;
            const share = f.short[String(++orderRequests)];
            if (share === undefined) return response;
            const body = (await response.json()) as { data: { items: unknown[] } };
            body.data.items = body.data.items.slice(0, Math.floor(body.data.items.length * share));
            return Response.json(body);
          };
          const faulty = clientFor(svc.handler, { mangle, every500: f.every500, every429: f.every429 });
          let pages = 0;
          const crashing = {
            ...faulty.client,
            orders: async (...args: Parameters<typeof faulty.client.orders>) => {
              const page = await faulty.client.orders(...args);
              if (f.crashAfterPages !== undefined && ++pages === f.crashAfterPages) void first.stop();
              return page;
            },
          };
          const first = new SyncEngine({ store, client: crashing, prefetch: 1 });
          await first.sync(svc.shop, range).catch(() => undefined);
          // Later runs (the engine retries a failed or interrupted job), on the same faulty upstream.
          for (let attempt = 0; attempt < 6 && !(await first.coverage(svc.shop, range)).complete; attempt++) {
            await new SyncEngine({ store, client: faulty.client }).sync(svc.shop, range).catch(() => undefined);
          }
          const coverage = await first.coverage(svc.shop, range);
          expect(coverage.complete).toBe(true);
          const report = await skuReport({ store, now: Date.now() }, svc.shop, range, { switches: SWITCHES });
          const expected = recountSkus(raw, range, SWITCHES);
          expect(report.rows.map((r) => [r.skuId, r.lines, r.netProfit])).toEqual(
            expected.rows.map((r) => [r.skuId, r.lines, r.netProfit]),
          );
          expect(report.totals.netProfit).toBe(expected.totals.netProfit);
        } finally {
          await close();
        }
      }),
      { numRuns: FAULT_RUNS, seed: SEED + 4, endOnFailure: true },
    );
    console.info(`[properties] sync faults: ${cases} cases`);
    expect(cases).toBeGreaterThanOrEqual(FAULT_RUNS);
  }, 600_000);
});
