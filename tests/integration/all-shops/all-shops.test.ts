import { beforeAll, describe, expect, it } from 'vitest';
import { convertCents } from '@/lib/costs/fx';
import { BOTTOM_LINE_PARTS, MONEY_FIGURES, type AllShops } from '@/lib/all-shops/all-shops';
import { createEntry, deleteEntry } from '@/lib/store/cost-inputs';
import { EXPENSES_KIND } from '@/lib/costs/kind-expenses';
import { demoRateIds, ensureDemoRates } from '@/lib/store/demo-rates';
import { addDays, shopLocalDate } from '@/lib/time';
import type { SkuReport } from '@/lib/reports/sku-report';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import { body, call, ORIGIN, signedInCookie } from '@/tests/integration/api/support';
import Papa from 'papaparse';
import { routesFixture } from '@/tests/support/api/routes-fixture';

const parseCsv = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

// The "All shops" answer against the embedded service's demo shops (US, GB, DE), each synced over
// the range: its figures must be each shop's own SKU report, converted once with the rate of the
// range's last day, and its sums must add up exactly.

const { GET: allShopsRoute } = await import('@/app/api/dashboard/all-shops/route');
const { GET: skuReportRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');
const { GET: exportRoute } = await import('@/app/api/dashboard/exports/all-shops/route');
const ratesRoute = await import('@/app/api/dashboard/fx-rates/route');
const { PUT: putRate } = await import('@/app/api/dashboard/fx-rates/[id]/route');
const { POST: undoRate } = await import('@/app/api/dashboard/fx-rates/undo/route');

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'GET /api/dashboard/all-shops (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 1_500, postgres });
    let cookie = '';
    const range = 'last-30-days';

    async function allShops(query: string): Promise<AllShops> {
      const response = await call(allShopsRoute, `/api/dashboard/all-shops?${query}`, { cookie });
      expect(response.status).toBe(200);
      return (await body<{ data: AllShops }>(response)).data;
    }

    async function ownReport(shopId: string, query: string): Promise<SkuReport> {
      const response = await call(skuReportRoute, `/api/dashboard/shops/${shopId}/reports/sku-profit?${query}`, {
        params: { shopId },
        cookie,
      });
      return (await body<{ data: ReportEnvelope<SkuReport> }>(response)).data.report!;
    }

    async function setRates(rows: { currency: string; target: string; from_day: string; rate: string }[]) {
      const db = fixture.store.db;
      await db.deleteFrom('st_fx_rate').execute();
      for (const [i, r] of rows.entries())
        await db
          .insertInto('st_fx_rate')
          .values({ id: `r${i}`, ...r })
          .execute();
    }

    beforeAll(async () => {
      for (const shop of fixture.shops) {
        const today = shopLocalDate(Math.floor(Date.now() / 1000), shop.timezone);
        await fixture.engine.sync(shop, { from: addDays(today, -29), to: today });
      }
      cookie = await signedInCookie();
    });

    it('shows every shop of the key with its own SKU report, converted once with the rate of its range’s last day', async () => {
      await setRates([
        { currency: 'GBP', target: 'USD', from_day: '2020-01-01', rate: '1.2' },
        { currency: 'GBP', target: 'USD', from_day: '2025-01-01', rate: '1.273456' },
        { currency: 'EUR', target: 'USD', from_day: '2025-01-01', rate: '1.08' },
      ]);
      const data = await allShops(`range=${range}&currency=USD`);
      expect(data.shops.map((s) => s.shop.currency).sort()).toEqual(['EUR', 'GBP', 'USD']);
      for (const shop of data.shops) {
        const own = await ownReport(shop.shop.id, `range=${range}`);
        expect(shop.range).toMatchObject({ from: own.range.from, to: own.range.to });
        expect(shop.figures).toEqual({
          netSales: own.totals.netSales,
          netProfit: own.totals.netProfit,
          adSpend: own.totals.adSpend + own.shopAdSpend,
          shopAdSpend: own.shopAdSpend,
          expenses: own.expenses,
          sampleCost: own.sampleCost,
          refunds: own.refunds,
          netProfitAfterRefunds: own.netProfitAfterRefunds,
          orderLines: own.totals.lines,
          chargedCosts: own.totals.chargedCosts,
        });
        expect(shop.figures.orderLines).toBeGreaterThan(0);
        const rate = { USD: '1', GBP: '1.273456', EUR: '1.08' }[shop.shop.currency]!;
        expect(shop.rates).toEqual([
          expect.objectContaining({
            rate,
            identity: shop.shop.currency === 'USD',
            usedFrom: own.range.from,
            usedTo: own.range.to,
          }),
        ]);
        // Each day converted once at its rate (the property test holds every figure to a per-day
        // conversion of the recount); the converted row adds up as the shop's own does, and one
        // rate over the range is within a cent a day of converting the range's figure at once.
        const parts = BOTTOM_LINE_PARTS;
        expect(shop.converted!.netProfitAfterRefunds).toBe(parts.reduce((sum, key) => sum + shop.converted![key], 0));
        expect(parts.reduce((sum, key) => sum + shop.figures[key], 0)).toBe(shop.figures.netProfitAfterRefunds);
        for (const key of MONEY_FIGURES)
          expect(Math.abs(shop.converted![key] - convertCents(shop.figures[key], rate))).toBeLessThanOrEqual(
            ((parts.length + 1) * 31) / 2,
          );
      }
      // The totals are the sum of the converted figures, to the cent.
      for (const key of MONEY_FIGURES) {
        expect(data.totals[key]).toBe(data.shops.reduce((acc, s) => acc + s.converted![key], 0));
      }
      expect(data.leftOut).toEqual([]);
    });

    it('the switches and the cost view reach every shop’s report: the seller’s costs count unless costs=service', async () => {
      const gbShop = (await allShops(`range=${range}`)).shops.find((s) => s.shop.currency === 'GBP')!;
      const { item } = await createEntry(fixture.store.db, EXPENSES_KIND, gbShop.shop.id, {
        name: 'Warehouse',
        amountCents: 31_000,
        recurrence: 'monthly',
        startDay: '2020-01-01',
        endDay: null,
      });
      try {
        for (const costs of ['mine', 'service'] as const) {
          const data = await allShops(`range=${range}&currency=USD&cancelled=include&samples=include&costs=${costs}`);
          expect(data.switches).toEqual({ includeCancelled: true, includeSamples: true });
          expect(data.costs).toBe(costs);
          for (const shop of data.shops) {
            const own = await ownReport(
              shop.shop.id,
              `range=${range}&cancelled=include&samples=include&costs=${costs}`,
            );
            expect(shop.figures.netProfitAfterRefunds).toBe(own.netProfitAfterRefunds);
            expect(shop.figures.expenses).toBe(own.expenses);
            expect(shop.figures.sampleCost).toBe(0);
          }
          const gb = data.shops.find((s) => s.shop.currency === 'GBP')!;
          if (costs === 'mine') expect(gb.figures.expenses).toBeLessThan(0);
          else expect(gb.figures.expenses).toBe(0);
        }
      } finally {
        await deleteEntry(fixture.store.db, EXPENSES_KIND, gbShop.shop.id, item.id);
      }
    });

    it('a shop without a rate is left out of the totals and the ranking, and the answer says which', async () => {
      await setRates([{ currency: 'GBP', target: 'USD', from_day: '2025-01-01', rate: '1.25' }]);
      const data = await allShops(`range=${range}&currency=USD`);
      const de = data.shops.find((s) => s.shop.currency === 'EUR')!;
      expect(de).toMatchObject({ missingRate: true, rates: [], converted: null });
      const whole = { from: de.range.from, to: de.range.to };
      expect(data.leftOut).toEqual([{ id: de.shop.id, name: de.shop.name, currency: 'EUR', days: whole }]);
      const counted = data.shops.filter((s) => !s.missingRate);
      expect(counted).toHaveLength(2);
      expect(data.totals.netProfit).toBe(counted.reduce((acc, s) => acc + s.converted!.netProfit, 0));
      const ranked = [...data.ranking.top, ...data.ranking.bottom];
      expect(ranked.every((r) => r.shops.every((s) => s.shopId !== de.shop.id))).toBe(true);
      // A rate that starts after the range's last day does not count either.
      await setRates([{ currency: 'GBP', target: 'USD', from_day: '2999-01-01', rate: '1.25' }]);
      expect((await allShops(`range=${range}&currency=USD`)).leftOut.map((s) => s.currency).sort()).toEqual([
        'EUR',
        'GBP',
      ]);
      // Nor does one that starts inside the range: the days before it have no rate, and are named.
      const gb = data.shops.find((s) => s.shop.currency === 'GBP')!;
      const mid = addDays(gb.range.from, 10);
      await setRates([{ currency: 'GBP', target: 'USD', from_day: mid, rate: '1.25' }]);
      const later = await allShops(`range=${range}&currency=USD`);
      expect(later.leftOut.find((s) => s.currency === 'GBP')!.days).toEqual({
        from: gb.range.from,
        to: addDays(mid, -1),
      });
    });

    it('a rate that starts mid-range converts the days from its start; the days before keep the earlier rate', async () => {
      const gbRange = (await allShops(`range=${range}&currency=USD`)).shops.find(
        (s) => s.shop.currency === 'GBP',
      )!.range;
      const mid = addDays(gbRange.from, 12);
      await setRates([
        { currency: 'GBP', target: 'USD', from_day: '2025-01-01', rate: '1.25' },
        { currency: 'GBP', target: 'USD', from_day: mid, rate: '2' },
      ]);
      const gb = (await allShops(`range=${range}&currency=USD`)).shops.find((s) => s.shop.currency === 'GBP')!;
      expect(gb.rates.map((r) => ({ rate: r.rate, from: r.usedFrom, to: r.usedTo }))).toEqual([
        { rate: '1.25', from: gbRange.from, to: addDays(mid, -1) },
        { rate: '2', from: mid, to: gbRange.to },
      ]);
      const before = await ownReport(gb.shop.id, `from=${gbRange.from}&to=${addDays(mid, -1)}`);
      const after = await ownReport(gb.shop.id, `from=${mid}&to=${gbRange.to}`);
      // Net sales of the two parts, each at its rate (a cent of rounding per day at most).
      const expected = convertCents(before.totals.netSales, '1.25') + convertCents(after.totals.netSales, '2');
      expect(Math.abs(gb.converted!.netSales - expected)).toBeLessThanOrEqual(31);
      expect(gb.converted!.netSales).not.toBe(convertCents(gb.figures.netSales, '2'));
    });

    it('merging by seller SKU sums exactly the per-shop rows', async () => {
      await setRates([
        { currency: 'GBP', target: 'USD', from_day: '2025-01-01', rate: '1.27' },
        { currency: 'EUR', target: 'USD', from_day: '2025-01-01', rate: '1.08' },
      ]);
      // The demo's seller SKUs carry the region: give each shop's best SKU one shared code, as a
      // seller selling the same item in three shops would have.
      const db = fixture.store.db;
      for (const shop of (await allShops(`range=${range}&currency=USD`)).shops) {
        const best = (await ownReport(shop.shop.id, `range=${range}`)).rows[0]!;
        await db
          .updateTable('st_sku_name')
          .set({ seller_sku: 'SHARED-1' })
          .where('shop_id', '=', shop.shop.id)
          .where('sku_id', '=', best.skuId)
          .execute();
      }
      const merged = await allShops(`range=${range}&currency=USD&merge=sellerSku`);
      const perShop = await allShops(`range=${range}&currency=USD&merge=none`);
      const shared = merged.ranking.top.find((r) => r.sellerSku === 'SHARED-1')!;
      expect(shared.shops.map((s) => s.currency).sort()).toEqual(['EUR', 'GBP', 'USD']);
      expect(perShop.ranking.top.filter((r) => r.sellerSku === 'SHARED-1').length).toBeGreaterThan(0);
      expect(merged.ranking.count).toBe(perShop.ranking.count - 2);
      // Every row ranked (top + bottom hold at most 20): compare on the rows both list.
      const rows = [...perShop.ranking.top, ...perShop.ranking.bottom];
      expect(perShop.ranking.top).toHaveLength(10);
      expect(rows.every((r) => r.shops.length === 1)).toBe(true);
      for (const row of [...merged.ranking.top, ...merged.ranking.bottom]) {
        let netProfit = 0;
        let lines = 0;
        for (const part of row.shops) {
          const shop = perShop.shops.find((s) => s.shop.id === part.shopId)!;
          const own = await ownReport(part.shopId, `range=${range}`);
          const skuRow = own.rows.find((r) => r.skuId === part.skuId)!;
          expect(skuRow.sellerSku).toBe(row.sellerSku);
          netProfit += convertCents(skuRow.netProfit, shop.rates[0]!.rate);
          lines += skuRow.lines;
        }
        expect({ key: row.key, netProfit: row.netProfit, lines: row.lines }).toEqual({
          key: row.key,
          netProfit,
          lines,
        });
      }
      // Best first at the top, worst first at the bottom, no row in both.
      const top = merged.ranking.top.map((r) => r.netProfit);
      expect(top).toEqual([...top].sort((a, b) => b - a));
      expect(merged.ranking.bottom.every((b) => !merged.ranking.top.some((t) => t.key === b.key))).toBe(true);
    });

    it('a rate changed through /fx-rates changes the converted figures; undo brings them back', async () => {
      await setRates([]);
      const json = { origin: ORIGIN, 'content-type': 'application/json' };
      const created = await call(ratesRoute.POST, '/api/dashboard/fx-rates', {
        method: 'POST',
        cookie,
        headers: json,
        body: JSON.stringify({ currency: 'GBP', target: 'USD', fromDay: '2025-01-01', rate: '1.25' }),
      });
      expect(created.status).toBe(201);
      const { data } = await body<{ data: { item: { id: string } } }>(created);
      const gb = (p: AllShops) => p.shops.find((s) => s.shop.currency === 'GBP')!;
      const before = gb(await allShops(`range=${range}&currency=USD`));
      expect(before.rates).toEqual([expect.objectContaining({ rate: '1.25', fromDay: '2025-01-01' })]);
      const put = await call(putRate, `/api/dashboard/fx-rates/${data.item.id}`, {
        method: 'PUT',
        params: { id: data.item.id },
        cookie,
        headers: json,
        body: JSON.stringify({ currency: 'GBP', target: 'USD', fromDay: '2025-01-01', rate: '2.5' }),
      });
      expect(put.status).toBe(200);
      const after = gb(await allShops(`range=${range}&currency=USD`));
      expect(after.rates.map((r) => r.rate)).toEqual(['2.5']);
      expect(Math.abs(after.converted!.netSales - convertCents(before.figures.netSales, '2.5'))).toBeLessThanOrEqual(
        16,
      );
      expect(after.converted!.netSales).not.toBe(before.converted!.netSales);
      expect(
        (await call(undoRate, '/api/dashboard/fx-rates/undo', { method: 'POST', cookie, headers: json, body: '{}' }))
          .status,
      ).toBe(200);
      expect(gb(await allShops(`range=${range}&currency=USD`)).converted).toEqual(before.converted);
    });

    it('exports the per-shop table and the ranking as CSV with the page’s figures', async () => {
      await setRates([{ currency: 'GBP', target: 'USD', from_day: '2025-01-01', rate: '1.27' }]);
      const data = await allShops(`range=${range}&currency=USD`);
      const shops = await call(
        exportRoute,
        `/api/dashboard/exports/all-shops?range=${range}&currency=USD&table=shops`,
        { cookie },
      );
      expect(shops.status).toBe(200);
      expect(shops.headers.get('content-disposition')).toMatch(/attachment; filename="all-shops_usd_/);
      const rows = parseCsv(await shops.text());
      expect(rows[0]).toContain('Bottom line (USD)');
      expect(
        rows
          .slice(1)
          .map((r) => r[0])
          .sort(),
      ).toEqual(data.shops.map((s) => s.shop.name).sort());
      const de = rows.find((r) => r[2] === 'EUR')!;
      const deShop = data.shops.find((s) => s.shop.currency === 'EUR')!;
      expect(de[rows[0]!.indexOf('Rates to USD')]).toBe(`missing for ${deShop.range.from} to ${deShop.range.to}`);
      expect(rows.find((r) => r[2] === 'GBP')![rows[0]!.indexOf('Rates to USD')]).toMatch(
        /^\d+(\.\d+)? \(\d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\)$/,
      );
      const gbShop = data.shops.find((s) => s.shop.currency === 'GBP')!;
      const gbRow = rows.find((r) => r[2] === 'GBP')!;
      expect(Number(gbRow[rows[0]!.indexOf('Bottom line (USD)')])).toBe(gbShop.converted!.netProfitAfterRefunds / 100);
      const skus = parseCsv(
        await (
          await call(exportRoute, `/api/dashboard/exports/all-shops?range=${range}&currency=USD&table=skus`, { cookie })
        ).text(),
      );
      expect(skus).toHaveLength(1 + data.ranking.top.length + data.ranking.bottom.length);
      expect(skus[1]![0]).toBe('top 1');
    });

    it('answers 400 naming the parameter for a bad currency or merge', async () => {
      for (const query of ['currency=US', 'merge=all', 'costs=theirs']) {
        const response = await call(allShopsRoute, `/api/dashboard/all-shops?${query}`, { cookie });
        expect(response.status).toBe(400);
        expect((await body<{ error: { message: string } }>(response)).error.message).toContain(query.split('=')[0]);
      }
    });

    it('seeds the demo rates once: a deleted seed never comes back', async () => {
      const db = fixture.store.db;
      await db.deleteFrom('st_fx_rate').execute();
      await db.deleteFrom('st_meta').where('key', '=', 'demo_fx_rates').execute();
      await ensureDemoRates(db);
      const seeded = await db.selectFrom('st_fx_rate').selectAll().orderBy('currency').execute();
      expect(seeded.map((r) => `${r.currency}→${r.target} ${r.rate} from ${r.from_day}`)).toEqual([
        'EUR→USD 1.08 from 2025-01-01',
        'GBP→USD 1.27 from 2025-01-01',
      ]);
      expect((await demoRateIds(db)).sort()).toEqual(seeded.map((r) => r.id).sort());
      const data = await allShops(`range=${range}&currency=USD`);
      expect(data.leftOut).toEqual([]);
      expect(data.demoRateIds.sort()).toEqual(seeded.map((r) => r.id).sort());
      // The seller edits one and deletes the other: the edited one is theirs, the deleted one stays gone.
      await db.updateTable('st_fx_rate').set({ rate: '1.3' }).where('currency', '=', 'GBP').execute();
      await db.deleteFrom('st_fx_rate').where('currency', '=', 'EUR').execute();
      await ensureDemoRates(db);
      expect(await db.selectFrom('st_fx_rate').select('currency').execute()).toEqual([{ currency: 'GBP' }]);
      expect(await demoRateIds(db)).toEqual([]);
    });
  },
);
