import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { Overview } from '@/lib/reports/overview';
import type { SkuReport } from '@/lib/reports/sku-report';
import Papa from 'papaparse';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';
import {
  daysBetween,
  readShop,
  recountSkus,
  shiftDay,
  localDayOf,
  type OracleCosts,
  type RawShop,
} from '@/tests/support/oracle/recount';
import { body, call, ORIGIN, signedInCookie, type ErrorEnvelope, forKind } from './support';
import { routesFixture } from '@/tests/support/api/routes-fixture';

// The seller's walk of their own costs, through the dashboard's own routes: import a month of ad spend
// from CSV, set a new COGS from a date and a monthly software cost, and net profit changes in every
// view and export by exactly those amounts (the oracle recounts the COGS change from the raw
// orders); undoing the three changes brings every figure back to the service's. On SQLite and, when
// TEST_DATABASE_URL is set, on PostgreSQL.

const { GET: skuRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');
const { GET: overviewRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/overview/route');
const { GET: ordersExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/orders/route');
const { GET: skuExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/sku-profit/route');
const { GET: ordersRoute } = await import('@/app/api/dashboard/shops/[shopId]/orders/route');
const { POST: importRoute } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/import/route');
const { POST: cogsRoute } = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'cogs');
const { POST: expenseRoute } = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'),
  'expenses',
);
const { POST: undoRoute } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');

const DAY = 86_400;
const cents = (text: string) => Math.round(Number(text) * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'true profit, end to end through the routes (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 3_000, postgres });
    let cookie = '';
    let shop: Shop;
    let raw: RawShop;
    let month: { from: string; to: string };

    beforeAll(async () => {
      shop = fixture.shop;
      const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
      const first = `${today.slice(0, 7)}-01`;
      month = { from: `${shiftDay(first, -1).slice(0, 7)}-01`, to: shiftDay(first, -1) };
      await fixture.engine.sync(shop, month);
      const now = Math.floor(Date.now() / 1000);
      const fetch = (request: Request) => fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
      raw = await readShop(fetch, DEMO_KEY, DEMO_SECRET, shop.id, shop.timezone, now - 80 * DAY, now + DAY);
      cookie = await signedInCookie();
    }, 120_000);

    const params = () => ({ shopId: shop.id });
    const range = () => `from=${month.from}&to=${month.to}`;
    const get = async <T>(route: typeof skuRoute, query: string) => {
      const response = await call(route, `/api/dashboard/shops/${shop.id}/x?${query}`, { params: params(), cookie });
      expect(response.status).toBe(200);
      return (await body<{ data: T }>(response)).data;
    };
    const csv = async (route: typeof skuRoute, query: string) => {
      const response = await call(route, `/api/dashboard/shops/${shop.id}/x?${query}`, { params: params(), cookie });
      expect(response.status).toBe(200);
      const text = (await response.text()).replace(/^\uFEFF/, '');
      return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    };
    const post = (route: Parameters<typeof call>[0], payload: unknown) =>
      call(route, `/api/dashboard/shops/${shop.id}/your-costs`, {
        method: 'POST',
        params: params(),
        cookie,
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
    const column = (rows: Record<string, string>[], header: string) => sum(rows.map((r) => cents(r[header] ?? '0')));

    /** Every figure a seller would compare, in one view (`costs=mine` or `costs=service`). */
    async function figures(costs: 'mine' | 'service') {
      const sku = (await get<{ report: SkuReport }>(skuRoute, `${range()}&costs=${costs}`)).report;
      const all = (
        await get<{ report: SkuReport }>(skuRoute, `${range()}&costs=${costs}&cancelled=include&samples=include`)
      ).report;
      const overview = (await get<{ report: Overview }>(overviewRoute, `${range()}&costs=${costs}`)).report;
      const orders = await csv(ordersExport, `${range()}&costs=${costs}`);
      const skuCsv = await csv(skuExport, `${range()}&costs=${costs}`);
      return { sku, all, overview, orders, skuCsv };
    }

    it('a month of ad spend, a dated COGS and a monthly software cost change every view by exactly their amounts', async () => {
      const before = await figures('service');
      expect((await figures('mine')).sku.netProfitAfterRefunds).toBe(before.sku.netProfitAfterRefunds); // nothing entered yet

      // A month of ad spend: one row a day, every other day on the best-selling SKU (by seller SKU), the rest shop-wide.
      const best = before.sku.rows[0]!;
      const days = daysBetween(month.from, month.to);
      const lines = days.map((day, i) =>
        i % 2 === 0
          ? `${day},${(10 + i).toFixed(2)},${best.sellerSku},Search`
          : `${day},${(5 + i / 4).toFixed(2)},,Brand`,
      );
      const file = ['date,spend,seller_sku,campaign', ...lines].join('\r\n');
      const imported = await post(importRoute, { csv: file, commit: true });
      expect(imported.status).toBe(200);
      const adSku = sum(days.map((_, i) => (i % 2 === 0 ? cents((10 + i).toFixed(2)) : 0)));
      const adShop = sum(days.map((_, i) => (i % 2 === 1 ? cents((5 + i / 4).toFixed(2)) : 0)));

      // New COGS of the best seller from the middle of the month; a monthly software subscription.
      const mid = days[14]!;
      expect((await post(cogsRoute, { skuId: best.skuId, fromDay: mid, unitCost: '4.20' })).status).toBe(201);
      expect(
        (
          await post(expenseRoute, {
            name: 'Software',
            amount: '310.00',
            recurrence: 'monthly',
            startDay: '2025-01-01',
          })
        ).status,
      ).toBe(201);

      const after = await figures('mine');
      const costs: OracleCosts = {
        adSpend: [],
        expenses: [],
        fulfilment: [],
        cogs: [{ skuId: best.skuId, fromDay: mid, unitCostCents: 420 }],
        allocate: false,
      };
      const switches = { includeCancelled: false, includeSamples: false };
      const cogsChange =
        recountSkus(raw, month, switches, undefined, costs).totals.netProfit -
        recountSkus(raw, month, switches).totals.netProfit;
      expect(cogsChange).not.toBe(0);

      // SKU profit: the SKUs' net profit changes by the COGS change and the SKU's ad spend; the bottom
      // line also by the shop-wide ad spend and the month's software cost (31 000 cents over a whole month).
      expect(after.sku.totals.netProfit - before.sku.totals.netProfit).toBe(cogsChange - adSku);
      expect(after.sku.shopAdSpend).toBe(-adShop);
      expect(after.sku.expenses).toBe(-310_00);
      expect(after.sku.netProfitAfterRefunds - before.sku.netProfitAfterRefunds).toBe(
        cogsChange - adSku - adShop - 310_00,
      );
      const row = after.sku.rows.find((r) => r.skuId === best.skuId)!;
      expect(row.adSpend).toBe(-adSku);
      expect(row.cogsSource).toBe('mixed'); // the first half of the month keeps the service's COGS
      expect(row.costOfGoods - row.serviceCostOfGoods).toBe(cogsChange);

      // Overview: the same bottom line, and its parts by source.
      const kpi = (o: Overview, k: keyof Overview['kpis']) => o.kpis[k].value!;
      expect(kpi(after.overview, 'netProfitAfterRefunds')).toBe(after.sku.netProfitAfterRefunds);
      expect(kpi(after.overview, 'netProfitAfterRefunds') - kpi(before.overview, 'netProfitAfterRefunds')).toBe(
        cogsChange - adSku - adShop - 310_00,
      );
      expect(after.overview.sources).toMatchObject({
        serviceProfit: kpi(before.overview, 'netProfitAfterRefunds'),
        cogsChange,
        adSpend: -adSku - adShop,
        expenses: -310_00,
      });
      expect(sum(after.overview.series.map((d) => d.netProfit ?? 0))).toBe(kpi(after.overview, 'netProfit'));

      // Exports: the orders file re-costs its lines (every line: cancelled and samples too), the SKU file is the table.
      const allChange = after.all.totals.costOfGoods - after.all.totals.serviceCostOfGoods;
      expect(column(after.orders, 'Net profit') - column(before.orders, 'Net profit')).toBe(allChange);
      expect(column(after.orders, 'Cost of goods') - column(after.orders, 'Cost of goods (service)')).toBe(
        column(after.orders, 'Net profit') - column(before.orders, 'Net profit'),
      );
      expect(after.orders.some((r) => r['Cost of goods from'] === 'Your unit cost')).toBe(true);
      expect(column(after.skuCsv, 'Net profit')).toBe(after.sku.totals.netProfit);
      expect(column(after.skuCsv, 'Ad spend (your input)')).toBe(-adSku);

      // The orders table's page carries the COGS so its lines are re-costed like the export's.
      const page = await get<{ cogs: { entries: unknown[] } | null }>(ordersRoute, `${range()}`);
      expect(page.cogs?.entries).toHaveLength(1);
      expect((await get<{ cogs: unknown }>(ordersRoute, `${range()}&costs=service`)).cogs).toBeNull();

      // The service-only switch still shows the service's figures.
      expect((await figures('service')).sku.netProfitAfterRefunds).toBe(before.sku.netProfitAfterRefunds);

      // Undo, undo, undo: every figure is the service's again.
      for (let i = 0; i < 3; i++) expect((await post(undoRoute, {})).status).toBe(200);
      const undone = await figures('mine');
      expect(undone.sku.netProfitAfterRefunds).toBe(before.sku.netProfitAfterRefunds);
      expect(kpi(undone.overview, 'netProfitAfterRefunds')).toBe(kpi(before.overview, 'netProfitAfterRefunds'));
      expect(column(undone.orders, 'Net profit')).toBe(column(before.orders, 'Net profit'));
    }, 120_000);

    it('while a range is partly stored, your ad spend and expenses count on the stored days only, and its exports wait', async () => {
      // The ten days before the synced month are not stored: the range is partial.
      const partial = { from: shiftDay(month.from, -10), to: month.to };
      const query = `from=${partial.from}&to=${partial.to}&costs=mine`;
      const before = (await get<{ report: SkuReport; partial: boolean }>(skuRoute, query)).report;
      const file = [
        'date,spend,seller_sku,campaign',
        `${shiftDay(month.from, -3)},40.00,,Brand`, // a day not stored yet
        `${month.from},25.00,,Brand`, // a stored day
      ].join('\r\n');
      expect((await post(importRoute, { csv: file, commit: true })).status).toBe(200);
      const software = { name: 'Software', amount: '310.00', recurrence: 'monthly', startDay: '2025-01-01' };
      expect((await post(expenseRoute, software)).status).toBe(201);

      const sku = await get<{ report: SkuReport; partial: boolean; coverage: { daysStored: number } }>(skuRoute, query);
      expect(sku.partial).toBe(true);
      expect(sku.coverage.daysStored).toBe(daysBetween(month.from, month.to).length);
      expect(sku.report.shopAdSpend).toBe(-25_00);
      expect(sku.report.expenses).toBe(-310_00); // the synced month's share; not the ten days before it
      expect(sku.report.netProfitAfterRefunds - before.netProfitAfterRefunds).toBe(-25_00 - 310_00);
      const overview = (await get<{ report: Overview }>(overviewRoute, query)).report;
      expect(overview.kpis.netProfitAfterRefunds.value).toBe(sku.report.netProfitAfterRefunds);

      const refused = await call(skuExport, `/api/dashboard/shops/${shop.id}/x?${query}`, { params: params(), cookie });
      expect(refused.status).toBe(409);
      const { error } = await body<ErrorEnvelope>(refused);
      expect(error.code).toBe('NOT_SYNCED_YET');
      expect(error.message).toMatch(/still being synced .*days stored/);
      const orders = await call(ordersExport, `/api/dashboard/shops/${shop.id}/x?${query}`, {
        params: params(),
        cookie,
      });
      expect(orders.status).toBe(409);

      for (let i = 0; i < 2; i++) expect((await post(undoRoute, {})).status).toBe(200);
    }, 120_000);
  },
);
