import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '@/lib/costs/amount';
import { parseCogsCsv } from '@/lib/costs/cogs-import';
import type { CostSku } from '@/lib/costs/types';
import { csvLine } from '@/lib/csv';
import { skuReport } from '@/lib/reports/sku-report';
import { importCogs } from '@/lib/store/cost-bulk';
import { costSkus, readCogsEntries, readCostInputs, undoLast } from '@/lib/store/cost-inputs';
import { recountSkus, shiftDay, type OracleCosts, type RawShop } from '@/tests/support/oracle/recount';
import { costsArb, runs, SEED, switchesArb, toInputs } from './arbitraries';
import { propertyFixture } from '@/tests/support/property/fixture';

// Unit costs that arrive by the SKU costs page's CSV import count exactly as dated COGS entered
// one by one: after an import (in two files, the second read against what the first wrote), the
// SKU profit report over the store's inputs equals the recount oracle with those COGS, and undoing
// both imports gives back the service's figures.

/** A file naming each SKU as a seller would: by seller SKU when it names one SKU, else by SKU id. */
function cogsFile(rows: OracleCosts['cogs'], skus: readonly CostSku[]): string {
  const unique = (s: CostSku) => s.sellerSku !== '' && skus.filter((o) => o.sellerSku === s.sellerSku).length === 1;
  const lines = [csvLine(['seller_sku', 'sku_id', 'unit_cost', 'from'])];
  for (const r of rows) {
    const sku = skus.find((s) => s.skuId === r.skuId)!;
    lines.push(
      csvLine(
        unique(sku)
          ? [sku.sellerSku, '', formatAmount(r.unitCostCents), r.fromDay]
          : ['', sku.skuId, formatAmount(r.unitCostCents), r.fromDay],
      ),
    );
  }
  return lines.join('');
}

/**
 * Dated unit costs: the report properties' (any SKU, any amount), or a few SKUs and amounts so that
 * lines repeat the cost in effect before them (lines an import leaves out).
 */
function cogsArb(raw: RawShop, today: string): fc.Arbitrary<OracleCosts['cogs']> {
  const few = fc.uniqueArray(
    fc.record({
      skuId: fc.constantFrom(...[...raw.prices.keys()].slice(0, 3)),
      fromDay: fc.integer({ min: -200, max: 10 }).map((o) => shiftDay(today, o)),
      unitCostCents: fc.constantFrom(500, 1_250, 2_000),
    }),
    { minLength: 6, maxLength: 12, selector: (c) => `${c.skuId} ${c.fromDay}` },
  );
  return fc.oneof(
    { arbitrary: few, weight: 2 },
    { arbitrary: costsArb(raw, today).map((c) => c?.cogs ?? []), weight: 1 },
  );
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'SKU profit after a unit cost import equals the recount (postgres: %s)',
  (postgres) => {
    const fx = propertyFixture({ orders: 1_500, postgres, rawDays: 820, firstShopOnly: true, syncDays: 120 });

    it('imported COGS give the oracle’s SKU figures; undone, the service’s', async () => {
      const { store } = fx;
      const shop = fx.shops[0]!;
      const raw = fx.raw.get(shop.id)!;
      const today = fx.todayOf(shop);
      const range = { from: shiftDay(today, -120), to: today };
      const skus = await costSkus(store.db, shop.id);
      expect(skus.length).toBeGreaterThan(0);
      let imported = 0;
      let leftOut = 0;
      await fc.assert(
        fc.asyncProperty(cogsArb(raw, today), switchesArb, async (cogs, switches) => {
          const own: OracleCosts = { adSpend: [], expenses: [], cogs, fulfilment: [], allocate: false };
          const files = [cogs.filter((_, i) => i % 2 === 0), cogs.filter((_, i) => i % 2 === 1)];
          let entries = 0;
          for (const rows of files) {
            if (rows.length === 0) continue;
            const preview = parseCogsCsv(cogsFile(rows, skus), skus, await readCogsEntries(store.db, shop.id), today);
            expect(preview.errors).toEqual([]);
            leftOut += preview.unchanged.length;
            if (preview.rows.length === 0) continue;
            await importCogs(store.db, shop.id, preview.rows);
            entries += 1;
            imported += preview.rows.length;
          }
          const inputs = await readCostInputs(store.db, shop.id);
          const report = await skuReport({ store, now: Date.now() }, shop, range, { switches, costs: inputs });
          const expected = recountSkus(raw, range, switches, undefined, own);
          const figures = (rows: readonly { skuId: string; costOfGoods: number; netProfit: number }[]) =>
            rows.map((r) => [r.skuId, r.costOfGoods, r.netProfit]);
          expect(figures(report.rows)).toEqual(figures(expected.rows));
          expect(report.totals.netProfit).toBe(expected.totals.netProfit);
          // The same COGS entered directly (as the report properties enter them) give the same report.
          const direct = await skuReport({ store, now: Date.now() }, shop, range, { switches, costs: toInputs(own) });
          expect(figures(report.rows)).toEqual(figures(direct.rows));

          for (let i = 0; i < entries; i++) await undoLast(store.db, shop.id);
          expect(await readCogsEntries(store.db, shop.id)).toEqual([]);
          const service = await skuReport({ store, now: Date.now() }, shop, range, {
            switches,
            costs: await readCostInputs(store.db, shop.id),
          });
          expect(service.totals.netProfit).toBe(recountSkus(raw, range, switches).totals.netProfit);
        }),
        { numRuns: runs(10), seed: SEED + 31, endOnFailure: true },
      );
      // The generated files did write unit costs, and left out lines that changed nothing.
      expect(imported).toBeGreaterThan(0);
      expect(leftOut).toBeGreaterThan(0);
    }, 600_000);
  },
);
