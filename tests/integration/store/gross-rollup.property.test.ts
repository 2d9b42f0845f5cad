import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@/lib/contract';
import { MAX_GROSS_CENTS, recostedCogs } from '@/lib/costs/cogs';
import { sql } from 'kysely';
import { columnTypes, runStep } from '@/lib/db/migrate';
import { addDays } from '@/lib/time';
import { STORE_MIGRATIONS } from '@/lib/store/migrations';
import { recostSums, type CogsSegment } from '@/lib/store/recost';
import { sumsBySku } from '@/lib/store/reads';
import { order, orderProduct } from '@/tests/support/fixtures';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// The gross rollups (lines by SKU, day or month, flags and gross sales) against a recount of the
// stored lines, after any sequence of syncs that add, change and remove orders; and the database's
// re-costing (which reads those rollups) against re-costing every stored line one by one with
// lib/costs/cogs — for any dated COGS segments and any range, by SKU and by day, and for a cut day
// (orders created up to a moment of it); and the SKU sums of the range. Each is read, the shop
// synced again, and read again: sums kept per month must follow every change.

const TZ = 'UTC';
const DAY0 = '2026-01-20';
const T0 = Date.UTC(2026, 0, 20) / 1000;
const SKUS = ['sku-a', 'sku-b', 'sku-c'];
const PRICES = new Map([
  ['sku-a', 1_000],
  ['sku-b', 2_499],
  ['sku-c', 333],
]);

const productArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  // Mostly whole multiples of the price (as upstream), sometimes an odd amount, zero or a refund-like negative.
  gross: fc.oneof(
    fc.integer({ min: 1, max: 4 }).map((q) => ({ q })),
    fc.integer({ min: -500, max: 9_000 }).map((c) => ({ c })),
  ),
  cogs: fc.integer({ min: 0, max: 5_000 }),
});
const orderArb = fc.record({
  id: fc.integer({ min: 1, max: 25 }).map((n) => `o-${n}`),
  // ~100 days from 2026-01-20: months end and begin inside the span.
  at: fc.integer({ min: 0, max: 100 * 86_400 - 1 }),
  cancelled: fc.boolean(),
  sample: fc.boolean(),
  estimated: fc.boolean(),
  products: fc.array(productArb, { minLength: 1, maxLength: 3 }),
});
const stepArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('upsert' as const),
      orders: fc.array(orderArb, { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('removeUnseen' as const),
      from: fc.nat({ max: 100 }),
      days: fc.nat({ max: 40 }),
    }),
  },
);
const segmentArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  from: fc.nat({ max: 110 }),
  days: fc.nat({ max: 120 }),
  unit: fc.integer({ min: 0, max: 3_000 }),
  perOrder: fc.integer({ min: 0, max: 500 }),
});

/** A fee of 150 cents per order on every SKU, all days: what each order pays once. */
const PER_ORDER: CogsSegment[] = SKUS.map((skuId) => ({
  skuId,
  fromDay: DAY0,
  toDay: '9999-12-31',
  unitCostCents: 0,
  priceCents: PRICES.get(skuId)!,
  perLineCents: 150,
}));

type OrderSpec = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

function toOrder(o: OrderSpec): Order {
  return order({
    id: o.id,
    createTime: T0 + o.at,
    status: o.cancelled ? 'CANCELLED' : 'COMPLETED',
    orderType: o.estimated ? 'UNSETTLED' : 'SETTLED',
    sampleOrder: o.sample ? 'YES' : 'NO',
    products: o.products.map((p) => {
      const cents = 'q' in p.gross ? p.gross.q * PRICES.get(p.sku)! : p.gross.c;
      return orderProduct({ skuId: p.sku, grossSales: cents / 100, costOfGoods: -p.cogs / 100 });
    }),
  });
}

type Row = Record<string, string | number>;
const norm = (rows: readonly Row[]) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          typeof v === 'string' && k !== 'sku_id' && k !== 'local_day' && k !== 'month' ? Number(v) : v,
        ]),
      ),
    )
    .map((r) => JSON.stringify(r))
    .sort();

for (const postgres of [false, true]) {
  describe.skipIf(postgres && !process.env.TEST_DATABASE_URL)(
    `gross rollups and re-costing (postgres: ${postgres})`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'gross-'));
      let fixture: StoreFixture;
      let run = 0;
      beforeAll(async () => {
        fixture = await freshStore(dir, postgres);
      });
      afterAll(async () => {
        await fixture.close();
        rmSync(dir, { recursive: true, force: true });
      });

      async function expectRollupsToBeTheLines(shop: string) {
        const { store } = fixture;
        const lines = await store.db
          .selectFrom('st_line')
          .select([
            'order_id',
            'line_index',
            'first_line',
            'sku_id',
            'local_day',
            'cancelled',
            'sample',
            'estimated',
            'gross_sales',
            'cost_of_goods',
          ])
          .where('shop_id', '=', shop)
          .execute();
        // Each order's first line with gross sales (the lowest index) pays its per-order charges.
        const firstOf = new Map<string, number>();
        for (const l of lines) {
          const gross = Number(l.gross_sales);
          if (gross <= 0 || gross > MAX_GROSS_CENTS) continue;
          const i = Number(l.line_index);
          if (!firstOf.has(l.order_id) || i < firstOf.get(l.order_id)!) firstOf.set(l.order_id, i);
        }
        expect(lines.map((l) => `${l.order_id}#${l.line_index}:${Number(l.first_line)}`).sort()).toEqual(
          lines
            .map((l) => `${l.order_id}#${l.line_index}:${firstOf.get(l.order_id) === Number(l.line_index) ? 1 : 0}`)
            .sort(),
        );
        const recount = (period: (day: string) => string, name: string) => {
          const groups = new Map<string, Row & { lines: number; first_lines: number; cost_of_goods: number }>();
          for (const l of lines) {
            const p = period(l.local_day);
            const key = [l.sku_id, p, l.cancelled, l.sample, l.estimated, l.gross_sales].join('|');
            const g = groups.get(key) ?? {
              sku_id: l.sku_id,
              [name]: p,
              cancelled: Number(l.cancelled),
              sample: Number(l.sample),
              estimated: Number(l.estimated),
              gross_sales: Number(l.gross_sales),
              lines: 0,
              first_lines: 0,
              cost_of_goods: 0,
            };
            g.lines += 1;
            g.first_lines += Number(l.first_line);
            g.cost_of_goods += Number(l.cost_of_goods);
            groups.set(key, g);
          }
          return [...groups.values()];
        };
        const daily = await store.db
          .selectFrom('st_sku_gross_daily')
          .select([
            'sku_id',
            'local_day',
            'cancelled',
            'sample',
            'estimated',
            'gross_sales',
            'lines',
            'first_lines',
            'cost_of_goods',
          ])
          .where('shop_id', '=', shop)
          .execute();
        const monthly = await store.db
          .selectFrom('st_sku_gross_monthly')
          .select([
            'sku_id',
            'month',
            'cancelled',
            'sample',
            'estimated',
            'gross_sales',
            'lines',
            'first_lines',
            'cost_of_goods',
          ])
          .where('shop_id', '=', shop)
          .execute();
        expect(norm(daily as Row[])).toEqual(norm(recount((d) => d, 'local_day')));
        expect(norm(monthly as Row[])).toEqual(norm(recount((d) => d.slice(0, 7), 'month')));
        return lines;
      }

      it('are filled from the stored lines when a store from before them is migrated (step v6)', async () => {
        const { store } = fixture;
        const orders = fc.sample(orderArb, { numRuns: 40, seed: 7 }).map((o, i) => toOrder({ ...o, id: `m-${i}` }));
        await store.upsertOrders('migrated', TZ, orders);
        // The store as step v5 left it: no gross rollups, no first lines; then steps v6 and v16 as they ship.
        await sql`DROP TABLE st_sku_gross_daily`.execute(store.db);
        await sql`DROP TABLE st_sku_gross_monthly`.execute(store.db);
        await sql`ALTER TABLE st_line DROP COLUMN first_line`.execute(store.db);
        await sql`CREATE INDEX st_line_sku_day ON st_line (shop_id, sku_id, local_day)`.execute(store.db);
        for (const step of [5, 15])
          await runStep(store.db, STORE_MIGRATIONS[step]!, columnTypes(postgres ? 'postgres' : 'sqlite'));
        const lines = await expectRollupsToBeTheLines('migrated');
        expect(lines.length).toBeGreaterThan(40);
      });

      it('mark the first lines of a store synced before them as a fresh sync does (step v16), and charge alike', async () => {
        const { store } = fixture;
        const orders = fc.sample(orderArb, { numRuns: 60, seed: 16 }).map((o, i) => toOrder({ ...o, id: `b-${i}` }));
        await store.upsertOrders('backfilled', TZ, orders);
        const rollup = async (table: 'st_sku_gross_daily' | 'st_sku_gross_monthly') =>
          norm((await store.db.selectFrom(table).selectAll().where('shop_id', '=', 'backfilled').execute()) as Row[]);
        // Each read's segments differ (equal in effect), so no sums kept per month are served.
        const read = async (toDay: string) => ({
          lines: norm(
            (await store.db
              .selectFrom('st_line')
              .select(['order_id', 'line_index', 'first_line'])
              .where('shop_id', '=', 'backfilled')
              .execute()) as Row[],
          ),
          daily: await rollup('st_sku_gross_daily'),
          monthly: await rollup('st_sku_gross_monthly'),
          charges: norm(
            (await recostSums(
              store.db,
              'backfilled',
              PER_ORDER.map((g) => ({ ...g, toDay })),
              DAY0,
              addDays(DAY0, 110),
              'sku',
            )) as unknown as Row[],
          ),
        });
        const fresh = await read('9999-12-31');
        expect(fresh.lines.filter((l) => l.includes('"first_line":1')).length).toBeGreaterThan(30);
        // The store as step v15 left it: no first lines; then step v16 as it ships.
        await sql`ALTER TABLE st_line DROP COLUMN first_line`.execute(store.db);
        await sql`ALTER TABLE st_sku_gross_daily DROP COLUMN first_lines`.execute(store.db);
        await sql`ALTER TABLE st_sku_gross_monthly DROP COLUMN first_lines`.execute(store.db);
        await runStep(store.db, STORE_MIGRATIONS[15]!, columnTypes(postgres ? 'postgres' : 'sqlite'));
        expect(await read('9999-12-30')).toEqual(fresh);
      });

      it('equal a recount of the lines after any syncs, and re-cost exactly as line by line, also after more syncs', async () => {
        const { store } = fixture;
        await fc.assert(
          fc.asyncProperty(
            fc.array(stepArb, { minLength: 1, maxLength: 8 }),
            fc.array(stepArb, { minLength: 1, maxLength: 4 }),
            fc.array(segmentArb, { maxLength: 5 }),
            fc.nat({ max: 100 }),
            fc.nat({ max: 110 }),
            fc.nat({ max: 86_400 }),
            async (steps, moreSteps, segs, fromOffset, span, cutSecond) => {
              const shop = `shop-${++run}`;
              let syncedAt = 1_000;
              const segments: CogsSegment[] = segs.map((s) => ({
                skuId: s.sku,
                fromDay: addDays(DAY0, s.from),
                toDay: addDays(DAY0, s.from + s.days),
                unitCostCents: s.unit,
                priceCents: PRICES.get(s.sku)!,
                perLineCents: s.perOrder,
              }));
              const from = addDays(DAY0, fromOffset);
              const to = addDays(from, span);
              // And a cut day (the comparison's last day): only orders created up to `until` on `from`.
              const until = Date.parse(`${from}T00:00:00Z`) / 1000 + cutSecond;
              // The same reads before and after more syncs of the same shop: sums kept per month
              // (lib/store/month-cache) must never outlive a change to their month.
              for (const batch of [steps, moreSteps]) {
                for (const step of batch) {
                  syncedAt += 1;
                  if (step.kind === 'upsert')
                    await store.upsertOrders(shop, TZ, step.orders.map(toOrder), { syncedAt });
                  else
                    await store.removeUnseenOrders(
                      shop,
                      T0 + step.from * 86_400,
                      T0 + (step.from + step.days) * 86_400,
                      syncedAt,
                    );
                }
                // 1. The rollups are the lines, grouped; no group of zero lines is kept.
                const lines = await expectRollupsToBeTheLines(shop);
                // 2. The SKU sums of the range are the lines' sums.
                const skuSums = new Map<string, { lines: number; gross: number; cogs: number }>();
                for (const l of lines) {
                  if (l.local_day < from || l.local_day > to) continue;
                  const key = [l.sku_id, l.cancelled, l.sample, l.estimated].join('|');
                  const e = skuSums.get(key) ?? { lines: 0, gross: 0, cogs: 0 };
                  e.lines += 1;
                  e.gross += Number(l.gross_sales);
                  e.cogs += Number(l.cost_of_goods);
                  skuSums.set(key, e);
                }
                const read = await sumsBySku(store.db, shop, from, to);
                expect(
                  Object.fromEntries(
                    read
                      .map((r) => [
                        [r.sku_id, r.cancelled, r.sample, r.estimated].join('|'),
                        { lines: r.lines, gross: r.gross_sales, cogs: r.cost_of_goods },
                      ])
                      .sort(),
                  ),
                ).toEqual(Object.fromEntries([...skuSums].sort()));
                // 3. Re-costing from the rollups equals re-costing each line.
                await expectRecostToBeTheLines(shop, lines, segments, from, to, until);
              }
            },
          ),
          { numRuns: postgres ? 25 : 60 },
        );
      }, 180_000);

      async function expectRecostToBeTheLines(
        shop: string,
        lines: Awaited<ReturnType<typeof expectRollupsToBeTheLines>>,
        segments: CogsSegment[],
        from: string,
        to: string,
        until: number,
      ) {
        const { store } = fixture;
        const created = new Map(
          (
            await store.db
              .selectFrom('st_order')
              .select(['order_id', 'create_time'])
              .where('shop_id', '=', shop)
              .execute()
          ).map((o) => [o.order_id, Number(o.create_time)]),
        );
        for (const [by, cut] of [
          ['sku', false],
          ['day', false],
          ['sku', true],
          ['day', true],
        ] as const) {
          const expected = new Map<string, { delta: number; recosted: number; charge: number }>();
          for (const l of lines) {
            if (cut ? l.local_day !== from || created.get(l.order_id)! > until : l.local_day < from || l.local_day > to)
              continue;
            // Overlapping segments each count, as in SQL (lib/costs/cogs never makes them overlap).
            for (const g of segments) {
              if (g.skuId !== l.sku_id || l.local_day < g.fromDay || l.local_day > g.toDay) continue;
              const cents = recostedCogs(Number(l.gross_sales), g.priceCents, g.unitCostCents);
              if (cents === null) continue;
              const key = [by === 'sku' ? l.sku_id : l.local_day, l.cancelled, l.sample, l.estimated].join('|');
              const e = expected.get(key) ?? { delta: 0, recosted: 0, charge: 0 };
              e.delta += cents - Number(l.cost_of_goods);
              e.recosted += 1;
              // Per unit on every line, per order on the order's first counted line only.
              e.charge += -cents + (Number(l.first_line) === 1 ? (g.perLineCents ?? 0) : 0);
              expected.set(key, e);
            }
          }
          const actual = new Map<string, { delta: number; recosted: number; charge: number }>();
          for (const r of await (cut
            ? recostSums(store.db, shop, segments, from, from, by, until)
            : recostSums(store.db, shop, segments, from, to, by))) {
            const key = [r.key, r.cancelled, r.sample, r.estimated].join('|');
            const a = actual.get(key) ?? { delta: 0, recosted: 0, charge: 0 };
            a.delta += r.delta;
            a.recosted += r.recosted;
            a.charge += r.charge;
            actual.set(key, a);
          }
          expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...expected].sort()));
        }
      }
    },
  );
}
