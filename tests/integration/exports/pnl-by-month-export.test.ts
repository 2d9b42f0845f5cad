import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { AllShopsPnl } from '@/lib/all-shops/pnl-by-month';
import type { ReportEnvelope } from '@/lib/reports/envelope';
import type { PnlByMonth } from '@/lib/reports/pnl-by-month';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { body, call, signedInCookie, type ErrorEnvelope } from '@/tests/integration/api/support';

// The P&L by month through its routes: the statement's JSON, its CSV and Excel files (a row per
// line with its key, a column per month and the total, each figure as the JSON's cents; with
// share=on, each followed by its share of that month's net sales), the refusal of more than 24
// months, and All shops' statement in one currency with its export.

const { GET: pnlReport } = await import('@/app/api/dashboard/shops/[shopId]/reports/pnl-by-month/route');
const { GET: pnlExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/pnl-by-month/route');
const { GET: allShopsPnl } = await import('@/app/api/dashboard/all-shops/pnl-by-month/route');
const { GET: allShopsPnlExport } = await import('@/app/api/dashboard/exports/all-shops/pnl-by-month/route');

const csvOf = async (response: Response) =>
  Papa.parse<string[]>((await response.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('P&L by month: report, exports, All shops', () => {
  const fixture = routesFixture({ orders: 800, postgres: false });
  let shop: Shop;
  let owner = '';
  let range = '';

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    // The 10th of last month to two days ago: a partial month, then the days of this one (or two whole ones).
    const from = `${shiftDay(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-10`;
    const to = shiftDay(today, -2);
    range = `range=custom&from=${from}&to=${to}`;
    for (const s of fixture.shops) await fixture.engine.sync(s, { from: shiftDay(from, -1), to: shiftDay(to, 1) });
    await fixture.store.db
      .insertInto('st_fx_rate')
      .values([
        { id: 'p1', currency: 'GBP', target: 'USD', from_day: '2020-01-01', rate: '1.27' },
        { id: 'p2', currency: 'EUR', target: 'USD', from_day: '2020-01-01', rate: '1.08' },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    owner = await signedInCookie();
  }, 180_000);

  const get = (route: Parameters<typeof call>[0], path: string, shopId = shop.id) =>
    call(route, path, { params: { shopId }, cookie: owner });

  it('the statement, and its CSV: a row per line with its key, every figure the JSON cents, the total their sum', async () => {
    const report = (
      await body<{ data: ReportEnvelope<PnlByMonth> }>(
        await get(pnlReport, `/api/dashboard/shops/${shop.id}/reports/pnl-by-month?${range}`),
      )
    ).data.report!;
    expect(report.months.length).toBeGreaterThanOrEqual(2);
    expect(report.months[0]!.from.endsWith('-10')).toBe(true);
    expect(report.lines.map((l) => l.key)).toEqual(
      expect.arrayContaining(['sales.net', 'fees', 'fees.transactionFee', 'bottomLine']),
    );
    const csv = await csvOf(await get(pnlExport, `/api/dashboard/shops/${shop.id}/exports/pnl-by-month?${range}`));
    const [header, ...rows] = csv;
    // A partial month is named by its days, a whole one by its month.
    const heading = (m: { month: string; from: string; to: string }) =>
      m.from.endsWith('-01') && shiftDay(m.to, 1).endsWith('-01') ? m.month : `${m.from} to ${m.to}`;
    expect(header).toEqual(['Line key', 'Line', 'Kind', ...report.months.map(heading), 'Total']);
    expect(rows.map((r) => r[0])).toEqual([...report.lines.map((l) => l.key), 'memo.estimatedNetSales']);
    for (const [i, line] of report.lines.entries()) {
      const cells = rows[i]!.slice(3).map((c) => Math.round(Number(c) * 100));
      expect({ key: line.key, cells }).toEqual({ key: line.key, cells: [...line.values, line.total] });
    }
  });

  it('share=on: each figure is followed by its share of its month’s net sales; Excel holds the same rows', async () => {
    const path = `/api/dashboard/shops/${shop.id}/exports/pnl-by-month?${range}&share=on`;
    const [header, ...rows] = await csvOf(await get(pnlExport, path));
    expect(header![4]).toBe(`${header![3]}, share of net sales (%)`);
    const net = rows.find((r) => r[0] === 'sales.net')!;
    // A share is a percentage in the CSV (lib/csv's one rule for ratios).
    expect(Number(net[4])).toBe(100);
    const fees = rows.find((r) => r[0] === 'fees')!;
    expect(Number(fees[4])).toBeCloseTo((100 * Number(fees[3])) / Number(net[3]), 2);
    const xlsx = await get(pnlExport, `${path}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    const keys: string[] = [];
    sheet.eachRow((row) => keys.push(String(row.getCell(1).value)));
    expect(keys).toEqual(expect.arrayContaining(rows.map((r) => r[0]!)));
  });

  it('refuses more than 24 months, saying how many the range spans', async () => {
    const response = await get(
      pnlReport,
      `/api/dashboard/shops/${shop.id}/reports/pnl-by-month?range=custom&from=2023-01-15&to=2025-01-01`,
    );
    expect(response.status).toBe(400);
    const error = (await body<ErrorEnvelope>(response)).error;
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toContain('at most 24 months, and this range spans 25');
  });

  it('All shops: every shop in USD, each month adding up, and its export', async () => {
    const data = (
      await body<{ data: AllShopsPnl }>(
        await get(allShopsPnl, `/api/dashboard/all-shops/pnl-by-month?${range}&currency=USD`),
      )
    ).data;
    expect(data.currency).toBe('USD');
    expect(data.leftOut).toEqual([]);
    expect(data.shops.length).toBe(fixture.shops.length);
    const value = (key: string, i: number) => data.lines.find((l) => l.key === key)?.values[i] ?? 0;
    data.months.forEach((_, i) => {
      const below = data.lines.filter((l) => l.kind === 'line' && !['sales.gross', 'promos.seller'].includes(l.key));
      expect(value('sales.net', i) + below.reduce((a, l) => a + l.values[i]!, 0)).toBe(value('bottomLine', i));
    });
    const csv = await csvOf(
      await get(allShopsPnlExport, `/api/dashboard/exports/all-shops/pnl-by-month?${range}&currency=USD`),
    );
    expect(csv[0]!.at(-1)).toBe('Total');
    expect(csv.slice(1).map((r) => r[0])).toEqual([...data.lines.map((l) => l.key), 'memo.estimatedNetSales']);
  });
});
