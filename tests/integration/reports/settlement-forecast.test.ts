import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { DEFAULT_SWITCHES } from '@/lib/profit';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import type { OverviewWithForecast } from '@/lib/reports/settlement-apply';
import type { SkuReportWithForecast } from '@/lib/reports/settlement-apply';
import { settlementReport, type SettlementReport } from '@/lib/reports/settlement-report';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { body, call, signedInCookie } from '@/tests/integration/api/support';

// The settlement forecast beside the SKU profit and overview figures (`forecast=on`), through the
// route handlers over the demo data: orders settle 21 to 34 days after they are placed, so a range
// of the last 45 days mixes SKUs with open lines and SKUs whose lines are all settled. Each figure
// is recomputed here from settlementReport: a SKU's expected settled net profit is its net profit
// plus its open lines' expected − estimate. Off, the answer is the one it was.

const { GET: skuRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');
const { GET: overviewRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/overview/route');
const { GET: skuExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/sku-profit/route');
const { GET: settlementExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/settlement/route');

type Route = Parameters<typeof call>[0];
const cents = (text: string | undefined) => Math.round(Number(text) * 100);

function parseCsv(text: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  return { header: header!, rows };
}

/** A report's JSON without what `forecast=on` adds. */
function withoutForecast(report: SkuReportWithForecast): unknown {
  const { forecast: _total, ...totals } = report.totals;
  return { ...report, rows: report.rows.map(({ forecast: _row, ...row }) => row), totals };
}

describe('the settlement forecast on the SKU profit and overview figures, and the exports', () => {
  const fixture = routesFixture({ orders: 1_200, postgres: false });
  let shop: Shop;
  let cookie = '';
  let range = '';
  let settlement: SettlementReport;

  const send = (route: Route, path: string) =>
    call(route, `/api/dashboard/shops/${shop.id}/${path}`, { params: { shopId: shop.id }, cookie });
  const json = async <T>(route: Route, path: string) => {
    const response = await send(route, path);
    expect(response.status).toBe(200);
    return (await body<{ data: ReportEnvelope<T> }>(response)).data;
  };

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    const [from, to] = [shiftDay(today, -45), shiftDay(today, -2)];
    range = `range=custom&from=${from}&to=${to}`;
    await fixture.engine.sync(shop, { from, to });
    settlement = await settlementReport(fixture.store.db, shop.id, { from, to }, { switches: DEFAULT_SWITCHES });
    cookie = await signedInCookie();
  }, 180_000);

  it('gives every SKU row its net profit plus its open lines’ expected drift; a settled SKU is unchanged', async () => {
    const on = await json<SkuReportWithForecast>(skuRoute, `reports/sku-profit?${range}&forecast=on`);
    const off = await json<SkuReportWithForecast>(skuRoute, `reports/sku-profit?${range}`);
    const report = on.report!;
    const forecastOf = new Map(settlement.forecast.rows.map((r) => [r.skuId, r]));
    let open = 0;
    let settled = 0;
    for (const row of report.rows) {
      const f = forecastOf.get(row.skuId);
      if (!f) {
        settled++;
        expect(row.forecast).toBeNull();
        continue;
      }
      open++;
      expect(row.forecast).toEqual({
        expectedNetProfit: row.netProfit + f.expectedNetProfit - f.estimateNetProfit,
        low: row.netProfit + f.low - f.estimateNetProfit,
        high: row.netProfit + f.high - f.estimateNetProfit,
        method: f.method,
        openNetSales: f.netSales,
      });
      expect(row.forecast!.low).toBeLessThanOrEqual(row.forecast!.expectedNetProfit);
      expect(row.forecast!.expectedNetProfit).toBeLessThanOrEqual(row.forecast!.high);
    }
    expect(open).toBeGreaterThan(0);
    expect(settled).toBeGreaterThan(0);
    const total = report.totals.forecast!;
    expect(total.expectedNetProfit).toBe(
      report.rows.reduce((s, r) => s + (r.forecast?.expectedNetProfit ?? r.netProfit), 0),
    );
    expect(total.openNetSales).toBe(settlement.forecast.total.netSales);
    expect(total.openShare).toBeCloseTo(settlement.forecast.total.netSales / report.totals.netSales, 12);
    // Everything else is the answer without the forecast.
    expect(JSON.stringify(withoutForecast(report))).toBe(JSON.stringify(off.report));
  });

  it('leaves the answer as it was when off (the default)', async () => {
    for (const [route, path] of [
      [skuRoute, 'reports/sku-profit'],
      [overviewRoute, 'reports/overview'],
    ] as const) {
      const before = await (await send(route, `${path}?${range}`)).text();
      const off = await (await send(route, `${path}?${range}&forecast=off`)).text();
      expect(off).toBe(before);
      expect(off).not.toContain('"forecast"');
    }
    const refused = await send(skuRoute, `reports/sku-profit?${range}&forecast=maybe`);
    expect(refused.status).toBe(400);
  });

  it('puts the forecast on the overview’s net profit: its value plus every open line’s expected drift', async () => {
    const on = await json<OverviewWithForecast>(overviewRoute, `reports/overview?${range}&forecast=on`);
    const off = await json<OverviewWithForecast>(overviewRoute, `reports/overview?${range}`);
    const { netProfit, netSales } = on.report!.kpis;
    const t = settlement.forecast.total;
    expect(netProfit.forecast).toEqual({
      expectedNetProfit: netProfit.value! + t.expectedNetProfit - t.estimateNetProfit,
      low: netProfit.value! + t.low - t.estimateNetProfit,
      high: netProfit.value! + t.high - t.estimateNetProfit,
      openNetSales: t.netSales,
      openShare: t.netSales / netSales.value!,
      drift: t.drift,
    });
    const { forecast: _f, ...kpi } = netProfit;
    expect(kpi).toEqual(off.report!.kpis.netProfit);
  });

  it('exports the forecast columns beside the estimate with forecast=on, and only then', async () => {
    const on = parseCsv(await (await send(skuExport, `exports/sku-profit?${range}&forecast=on`)).text());
    const off = parseCsv(await (await send(skuExport, `exports/sku-profit?${range}`)).text());
    expect(on.header).toEqual([
      ...off.header,
      'Expected settled net profit (forecast)',
      'Forecast low',
      'Forecast high',
      'Forecast method',
    ]);
    expect(off.header).not.toContain('Forecast low');
    const report = (await json<SkuReportWithForecast>(skuRoute, `reports/sku-profit?${range}&forecast=on`)).report!;
    const col = (name: string) => on.header.indexOf(name);
    for (const [i, row] of on.rows.entries()) {
      const r = report.rows[i]!;
      expect(row[col('SKU id')]).toBe(r.skuId);
      expect(cents(row[col('Expected settled net profit (forecast)')])).toBe(
        r.forecast?.expectedNetProfit ?? r.netProfit,
      );
      expect(cents(row[col('Forecast low')])).toBe(r.forecast?.low ?? r.netProfit);
      expect(cents(row[col('Forecast high')])).toBe(r.forecast?.high ?? r.netProfit);
    }
  });

  it('exports the Settlement report per SKU: its header and a row’s figures are the report’s', async () => {
    const response = await send(settlementExport, `exports/settlement?${range}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="settlement_[^"]+\.csv"$/);
    const { header, rows } = parseCsv(await response.text());
    expect(header).toEqual([
      'Product',
      'Seller SKU',
      'SKU',
      'SKU id',
      'Orders observed (estimate and settled)',
      'Net profit change at settlement',
      'Net profit change at settlement (% of net sales)',
      'Net profit change, low of most orders (8 in 10) (%)',
      'Net profit change, high of most orders (8 in 10) (%)',
      'Shipping change at settlement (% of net sales)',
      'Platform fees change at settlement (% of net sales)',
      'Affiliate commission change at settlement (% of net sales)',
      'Expected change: how it was learned',
      'Expected net profit change at settlement (% of net sales)',
      'Open net sales',
      'Estimate net profit (open, raw)',
      'Expected settled net profit (open, forecast)',
      'Forecast low',
      'Forecast high',
      'Backtest orders',
      'Backtest estimate error per order',
      'Backtest forecast error per order',
      'Backtest estimate error (% of net sales)',
      'Backtest forecast error (% of net sales)',
    ]);
    const f = settlement.forecast.rows[0]!;
    const row = rows.find((r) => r[header.indexOf('SKU id')] === f.skuId)!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cents(cell('Open net sales'))).toBe(f.netSales);
    expect(cents(cell('Estimate net profit (open, raw)'))).toBe(f.estimateNetProfit);
    expect(cents(cell('Expected settled net profit (open, forecast)'))).toBe(f.expectedNetProfit);
    expect(cents(cell('Forecast low'))).toBe(f.low);
    expect(cents(cell('Forecast high'))).toBe(f.high);
    expect(cell('Expected change: how it was learned')).toMatch(new RegExp(`^${f.method} `));
    const expected = settlement.expected.skus.find((e) => e.skuId === f.skuId) ?? settlement.expected.shop;
    // The CSV writes a ratio as a percentage (lib/csv): 35.97 for 0.3597.
    expect(Number(cell('Expected net profit change at settlement (% of net sales)')) / 100).toBeCloseTo(
      expected.ratios.net_profit,
      6,
    );
    const ids = new Set(rows.map((r) => r[header.indexOf('SKU id')]));
    for (const r of settlement.forecast.rows) expect(ids.has(r.skuId)).toBe(true);
    const xlsx = await send(settlementExport, `exports/settlement?${range}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
  });

  it('refuses the Settlement export while the range is being synced', async () => {
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    const response = await send(
      settlementExport,
      `exports/settlement?range=custom&from=${shiftDay(today, -200)}&to=${shiftDay(today, -190)}`,
    );
    expect(response.status).toBe(409);
  });
});
