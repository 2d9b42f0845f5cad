import { SALES_REFUNDS_LABEL } from '@/lib/format/refund-labels';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Shop } from '@/lib/contract';
import { neutralise } from '@/lib/csv';
import { writeOrders } from '@/lib/service/store/writer';
import { hashPassword } from '@/lib/team/passwords';
import { insertPerson } from '@/lib/team/people';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { upstreamOrders } from '@/tests/support/sync/harness';
import { call, freshIp, ORIGIN, postLogin, signedInCookie, type ErrorEnvelope } from '@/tests/integration/api/support';

// Every export as an Excel workbook (`format=xlsx`), through the route handlers, read back with
// exceljs: the header block names the range, the column header is frozen, and the rows are the CSV
// export's rows of the same request (amounts as numbers: value × 100 = the CSV's cents; days and
// times as dates of the CSV's wall clock; text as the CSV's text before its formula prefix). The
// access filter, the refusal of a range not stored and of an unknown format are the CSV's.

const { GET: ordersExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/orders/route');
const { GET: skuProfitExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/sku-profit/route');
const { GET: productsExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/products/route');
const { GET: refundsExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/refunds/route');
const { GET: allShopsExport } = await import('@/app/api/dashboard/exports/all-shops/route');

type Route = Parameters<typeof call>[0];
const FORMULA_NAME = '=HYPERLINK("x")';
const FORBIDDEN = /profit|margin|cogs|costofgoods|cost of goods|fee|commission/i;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Sheet {
  worksheet: ExcelJS.Worksheet;
  headerRow: number;
  header: string[];
  rows: ExcelJS.CellValue[][];
  block: string;
}

async function readXlsx(response: Response): Promise<Sheet> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(XLSX);
  expect(response.headers.get('content-disposition')).toMatch(/filename="[^"]+\.xlsx"$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const worksheet = workbook.worksheets[0]!;
  const view = worksheet.views[0] as ExcelJS.WorksheetViewFrozen;
  expect(view.state).toBe('frozen');
  const headerRow = view.ySplit!;
  const width = worksheet.getRow(headerRow).cellCount;
  const values = (n: number) =>
    Array.from({ length: width }, (_, i) => {
      const value = worksheet.getRow(n).getCell(i + 1).value;
      return value === undefined ? null : value;
    });
  const rows: ExcelJS.CellValue[][] = [];
  for (let n = headerRow + 1; n <= worksheet.rowCount; n++) rows.push(values(n));
  const block: string[] = [];
  for (let n = 1; n < headerRow; n++) block.push(values(n).filter(Boolean).join(' '));
  return { worksheet, headerRow, header: values(headerRow).map(String), rows, block: block.join('\n') };
}

function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
}

/**
 * A workbook cell as the CSV writes the same value: a ratio (its header says "(%)" or "(% of …)") is a real
 * fraction formatted as a percentage in the workbook and the percentage's number in the CSV.
 */
function asCsv(value: ExcelJS.CellValue, csv: string, percent: boolean): string {
  if (value === null) return '';
  if (percent && typeof value === 'number') return String(Number((value * 100).toPrecision(12)));
  if (value instanceof Date) return value.toISOString().slice(0, csv.length).replace('T', ' ');
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return neutralise(value);
  throw new Error(`unexpected cell ${JSON.stringify(value)}`);
}

describe('Excel exports (format=xlsx) beside the CSV ones', () => {
  const fixture = routesFixture({ orders: 800, postgres: false });
  let shop: Shop;
  let owner = '';
  let viewer = '';
  let range = '';
  let from = '';
  let to = '';

  const send = (route: Route, path: string, cookie: string, shopId = shop.id) =>
    call(route, `${path.includes('?') ? path : `${path}?`}`, { params: { shopId }, cookie });

  /** The same request as CSV and as Excel. */
  async function both(route: Route, path: string, cookie = owner) {
    const csvResponse = await send(route, path, cookie);
    expect(csvResponse.status).toBe(200);
    const csv = parseCsv(await csvResponse.text());
    const sheet = await readXlsx(await send(route, `${path}&format=xlsx`, cookie));
    return { csv, sheet };
  }

  function expectSameRows({ csv, sheet }: { csv: string[][]; sheet: Sheet }) {
    const [header, ...rows] = csv;
    expect(sheet.header).toEqual(header);
    expect(sheet.rows.length).toBe(rows.length);
    const percent = header!.map((h) => /\(%( of [^)]+)?\)$/.test(h));
    expect(sheet.rows.map((row, i) => row.map((cell, j) => asCsv(cell, rows[i]![j]!, percent[j]!)))).toEqual(rows);
    const numbers = header!.flatMap((_, j) =>
      !percent[j] && sheet.rows.some((r) => typeof r[j] === 'number') ? [j] : [],
    );
    for (const [i, row] of sheet.rows.entries())
      for (const j of numbers)
        if (typeof row[j] === 'number')
          expect(Math.round((row[j] as number) * 100)).toBe(Math.round(Number(rows[i]![j]) * 100));
  }

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    [from, to] = [shiftDay(today, -20), shiftDay(today, -2)];
    range = `from=${from}&to=${to}&range=custom`;
    // An order whose product is named like a formula, inside the range, before the sync reads it.
    const now = Math.floor(Date.now() / 1000);
    const model = (await upstreamOrders(fixture.svc.service, shop.id, now - 15 * 86_400, now - 5 * 86_400))[0]!;
    const order: Order = {
      ...model,
      id: `${model.id}-formula`,
      orderNumber: `${model.orderNumber}9`,
      products: model.products.slice(0, 1).map((p) => ({ ...p, name: FORMULA_NAME })),
    };
    await writeOrders(fixture.svc.service.db, shop.id, [{ order, variantNos: [] }]);
    fixture.svc.service.invalidateCaches();
    for (const s of fixture.shops) await fixture.engine.sync(s, { from, to });
    await fixture.store.db
      .insertInto('st_fx_rate')
      .values([
        { id: 'x1', currency: 'GBP', target: 'USD', from_day: '2020-01-01', rate: '1.27' },
        { id: 'x2', currency: 'EUR', target: 'USD', from_day: '2020-01-01', rate: '1.08' },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    owner = await signedInCookie();
    const password = 'correct horse battery staple';
    await insertPerson(fixture.store.db, {
      email: 'viewer@team.example',
      name: 'Viewer',
      role: 'viewer',
      seesProfit: false,
      shops: fixture.shops.map((s) => s.id),
      passwordHash: await hashPassword(password),
    });
    const signIn = await postLogin(password, freshIp(), { origin: ORIGIN }, 'viewer@team.example');
    viewer = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, 180_000);

  const base = () => `/api/dashboard/shops/${shop.id}/exports`;

  it('orders: the CSV rows, a frozen header below a block naming the range, money as numbers in the shop currency', async () => {
    const result = await both(ordersExport, `${base()}/orders?${range}`);
    expectSameRows(result);
    const { sheet } = result;
    expect(sheet.rows.length).toBeGreaterThan(50);
    expect(sheet.block).toContain(`${from} to ${to} (${shop.timezone})`);
    expect(sheet.block).toContain('costs: mine');
    const col = (name: string) => sheet.header.indexOf(name) + 1;
    const first = sheet.worksheet.getRow(sheet.headerRow + 1);
    expect(first.getCell(col('Net profit')).numFmt).toBe('#,##0.00 "USD"');
    expect(first.getCell(col('Margin (%)')).numFmt).toBe('0.00%');
    expect(first.getCell(col(`Created (${shop.timezone})`)).value).toBeInstanceOf(Date);
  });

  it('orders: a product named like a formula is a string cell, never a formula', async () => {
    const { sheet } = await both(ordersExport, `${base()}/orders?${range}`);
    const name = sheet.header.indexOf('Product name');
    const rows = sheet.rows.filter((r) => r[name] === FORMULA_NAME);
    expect(rows).toHaveLength(1);
    const cell = sheet.worksheet.getRow(sheet.headerRow + 1 + sheet.rows.indexOf(rows[0]!)).getCell(name + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
  });

  it('orders with filters: the filters are in the header block and the rows are the filtered CSV', async () => {
    const result = await both(ordersExport, `${base()}/orders?${range}&orderType=SETTLED&sort=asc&costs=service`);
    expectSameRows(result);
    expect(result.sheet.block).toContain('orderType: SETTLED');
    expect(result.sheet.block).toContain('sort: asc');
    expect(result.sheet.block).toContain('costs: service');
  });

  it('SKU profit, SKU costs and refunds: the CSV rows', async () => {
    const sku = await both(skuProfitExport, `${base()}/sku-profit?${range}`);
    expectSameRows(sku);
    expect(sku.sheet.rows.length).toBeGreaterThan(3);
    expect(sku.sheet.block).toContain(`${from} to ${to}`);
    const products = await both(productsExport, `${base()}/products?`);
    expectSameRows(products);
    expect(products.sheet.rows.length).toBeGreaterThan(3);
    const refunds = await both(refundsExport, `${base()}/refunds?${range}`);
    expectSameRows(refunds);
    expect(refunds.sheet.rows.length).toBe(19);
    expect(refunds.sheet.block).toContain(`${from} to ${to} (${shop.timezone})`);
  });

  it('All shops (shops and SKUs): the CSV rows, own-currency amounts in each shop’s currency', async () => {
    const shops = await both(allShopsExport, `/api/dashboard/exports/all-shops?${range}&table=shops`);
    expectSameRows(shops);
    expect(shops.sheet.block).toContain(`${from} to ${to}`);
    const { sheet } = shops;
    const currency = sheet.header.indexOf('Currency');
    const netSales = sheet.header.indexOf('Net sales') + 1;
    for (const [i, row] of sheet.rows.entries())
      expect(sheet.worksheet.getRow(sheet.headerRow + 1 + i).getCell(netSales).numFmt).toBe(
        `#,##0.00 "${String(row[currency])}"`,
      );
    const skus = await both(allShopsExport, `/api/dashboard/exports/all-shops?${range}&table=skus`);
    expectSameRows(skus);
    expect(skus.sheet.rows.length).toBeGreaterThan(3);
  });

  it('without costs and profit: the same columns as the CSV, none of them a cost or profit figure', async () => {
    for (const path of [
      `${base()}/orders?${range}`,
      `${base()}/refunds?${range}`,
      `/api/dashboard/exports/all-shops?${range}&table=shops`,
    ]) {
      const route = path.includes('all-shops')
        ? allShopsExport
        : path.includes('refunds')
          ? refundsExport
          : ordersExport;
      const result = await both(route, path, viewer);
      expectSameRows(result);
      expect(result.sheet.header.filter((h) => FORBIDDEN.test(h))).toEqual([]);
      const full = (await readXlsx(await send(route, `${path}&format=xlsx`, owner))).header;
      // Their refund total is its own figure (the refunded sales and discounts, no fee), so its own column.
      const shared = result.sheet.header.filter((h) => !h.startsWith(SALES_REFUNDS_LABEL));
      expect(full.filter((h) => shared.includes(h))).toEqual(shared);
      if (route === ordersExport) expect(result.sheet.header.length).toBeLessThan(full.length);
    }
  });

  it('a range not stored: 409 NOT_SYNCED_YET, as the CSV', async () => {
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    const unsynced = `from=${shiftDay(today, -200)}&to=${shiftDay(today, -150)}&range=custom`;
    for (const [route, path] of [
      [ordersExport, `${base()}/orders?${unsynced}`],
      [skuProfitExport, `${base()}/sku-profit?${unsynced}`],
      [allShopsExport, `/api/dashboard/exports/all-shops?${unsynced}`],
    ] as const) {
      for (const format of ['csv', 'xlsx']) {
        const response = await send(route, `${path}&format=${format}`, owner);
        expect({ path, format, status: response.status }).toEqual({ path, format, status: 409 });
        expect(((await response.json()) as ErrorEnvelope).error.code).toBe('NOT_SYNCED_YET');
      }
    }
  });

  it('format=pdf: 400 with a sentence', async () => {
    const response = await send(ordersExport, `${base()}/orders?${range}&format=pdf`, owner);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorEnvelope;
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toMatch(/format.*csv.*xlsx/);
  });
});
