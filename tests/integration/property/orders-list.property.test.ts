import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ordersQuery } from '@/tests/support/views';
import { loadOrders } from '@/lib/server/loaders/orders';
import { listOrdersAcrossWindows } from '@/lib/upstream';
import { orderFiltersArb, rangeArb, runs, SEED, todayOf } from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// The orders table is answered by the local store when it holds the range: for generated ranges
// (today included), filters, sort orders, page sizes and pages, the store's page must be the
// upstream's own answer to the same query, item for item, with the same pagination. The upstream
// here is the embedded service itself, asked directly.

const RUNS = runs(30);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'the orders table from the store equals the upstream (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 3_000, postgres, rawDays: 820, serveRoutes: true });
    const seen = { store: 0, filtered: 0, exactOnly: 0, pastEnd: 0 };

    const caseArb = () =>
      fc.integer({ min: 0, max: fx.shops.length - 1 }).chain((i) => {
        const shop = fx.shops[i]!;
        return fc.record({
          shop: fc.constant(shop),
          range: rangeArb(todayOf(shop.timezone), shop.timezone),
          // Text filters (matched as the service folds case) and the exact ones alone (answered in SQL).
          filters: fc.oneof(
            orderFiltersArb(fx.raw.get(shop.id)!),
            fc.record(
              {
                status: fc.constantFrom('COMPLETED', 'completed', 'Cancelled', 'SHIPPED'),
                orderType: fc.constantFrom('SETTLED' as const, 'UNSETTLED' as const, 'DRAFT' as const),
                sampleOrder: fc.constantFrom('YES' as const, 'NO' as const),
              },
              { requiredKeys: [] },
            ),
          ),
          sort: fc.constantFrom('asc' as const, 'desc' as const),
          limit: fc.constantFrom('10', '25', '50', '100'),
          page: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 60 })).map(String),
        });
      });

    it('has the same items and pagination for every generated query', async () => {
      await fc.assert(
        fc.asyncProperty(caseArb(), async ({ shop, range, filters, sort, limit, page }) => {
          await fx.engine.sync(shop, range);
          const connected = { ...shop, currency: 'USD' };
          const query = ordersQuery({ from: range.from, to: range.to, sort, limit, page, ...filters });
          const data = await loadOrders(connected, query, Date.now(), undefined, { costs: 'service', allocate: false });
          expect(data.source).toBe('store');
          seen.store++;
          if (Object.values(filters).some((v) => v !== undefined)) seen.filtered++;
          const text = ['orderNumber', 'name', 'skuName', 'skuId', 'productId'] as const;
          if ('status' in filters && text.every((k) => (filters as Record<string, unknown>)[k] === undefined))
            seen.exactOnly++;
          if (data.items.length === 0 && data.pagination.total > 0) seen.pastEnd++;
          const { range: _r, page: p, limit: l, ...rest } = query;
          const expected = await listOrdersAcrossWindows(fx.client, shop.id, {
            ...rest,
            startDate: data.range.startDate,
            endDate: data.range.endDate,
            sort: sort === 'asc' ? 'ASC' : 'DESC',
            page: p,
            limit: l,
          });
          expect(data.pagination).toEqual(expected.pagination);
          expect(data.items.map((o) => o.id)).toEqual(expected.items.map((o) => o.id));
          expect(data.items).toEqual(expected.items);
        }),
        { numRuns: RUNS, seed: SEED + 11, endOnFailure: true },
      );
      console.info(
        `[properties] orders from the store: ${seen.store} cases, ${seen.filtered} filtered (${seen.exactOnly} by status in SQL), ${seen.pastEnd} past the last page`,
      );
      expect(seen.filtered).toBeGreaterThan(0);
      expect(seen.exactOnly).toBeGreaterThan(0);
    }, 600_000);
  },
);
