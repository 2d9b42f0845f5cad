import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { body, call, signedInCookie } from '@/tests/integration/api/support';

// The CSV for a locale's Excel (docs/ARCHITECTURE.md#the-persons-locale), through the export
// routes: `format=csv-excel-de` is UTF-8 with BOM, fields split by `;`, decimal commas, named in
// its file name; read back as German Excel reads it, every amount equals the API's cents for its
// row, and the plain CSV of the same request is the comma file it always was.

const { GET: skuProfitExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/sku-profit/route');
const { GET: ordersExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/orders/route');
const { GET: skuProfitReport } = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');

type Route = Parameters<typeof call>[0];

/** A `;` CSV as Excel in de-DE reads it: quoted fields, `""` inside quotes, CRLF records. */
function parseSemicolonCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** A number cell with a decimal comma ("-1234,5") as cents; no thousands separator is ever written. */
function centsOfDecimalComma(text: string): number {
  expect(text).toMatch(/^-?\d+(,\d{1,2})?$/);
  return Math.round(Number(text.replace(',', '.')) * 100);
}

interface ApiRow {
  skuId: string;
  grossSales: number;
  netSales: number;
  netProfit: number;
  platformFees: number;
  shipping: number;
}

describe('CSV for Excel (semicolon, decimal comma)', () => {
  const fixture = routesFixture({ orders: 400, postgres: false });
  let shop: Shop;
  let owner = '';
  let range = '';

  const get = (route: Route, path: string) => call(route, path, { params: { shopId: shop.id }, cookie: owner });

  beforeAll(async () => {
    shop = fixture.shops.find((s) => s.shopRegion === 'DE') ?? fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    const [from, to] = [shiftDay(today, -30), shiftDay(today, -2)];
    range = `from=${from}&to=${to}&range=custom`;
    await fixture.engine.sync(shop, { from, to });
    owner = await signedInCookie();
  }, 180_000);

  it("SKU profit: every row's amounts, read with `;` and decimal commas, equal the API's cents", async () => {
    const response = await get(
      skuProfitExport,
      `/api/dashboard/shops/${shop.id}/exports/sku-profit?${range}&format=csv-excel-de`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/_excel-de\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseSemicolonCsv(new TextDecoder().decode(bytes).slice(1));
    const col = (name: string) => {
      const at = header!.indexOf(name);
      expect(at, name).toBeGreaterThanOrEqual(0);
      return at;
    };

    const api = await get(skuProfitReport, `/api/dashboard/shops/${shop.id}/reports/sku-profit?${range}`);
    expect(api.status).toBe(200);
    const { data } = await body<{ data: { report: { rows: ApiRow[] } } }>(api);
    const bySku = new Map(data.report.rows.map((r) => [r.skuId, r]));
    expect(rows.length).toBe(bySku.size);
    expect(rows.length).toBeGreaterThan(5);
    const fields = [
      ['Gross sales', 'grossSales'],
      ['Net sales', 'netSales'],
      ['Shipping', 'shipping'],
      ['Platform fees', 'platformFees'],
      ['Net profit', 'netProfit'],
    ] as const;
    let decimals = 0;
    for (const row of rows) {
      expect(row.length).toBe(header!.length);
      const apiRow = bySku.get(row[col('SKU id')]!)!;
      expect(apiRow).toBeDefined();
      for (const [name, key] of fields) {
        expect(centsOfDecimalComma(row[col(name)]!), `${name} of ${apiRow.skuId}`).toBe(apiRow[key]);
        if (row[col(name)]!.includes(',')) decimals++;
      }
    }
    // The file really writes decimal commas (not whole numbers only).
    expect(decimals).toBeGreaterThan(0);
  });

  it('orders: the same cells as the plain CSV, with `;` and decimal commas; the plain CSV keeps commas and points', async () => {
    const path = `/api/dashboard/shops/${shop.id}/exports/orders?${range}`;
    const plain = await get(ordersExport, path);
    expect(plain.headers.get('content-disposition')).not.toMatch(/excel/);
    const plainText = await plain.text();
    expect(plainText.split('\r\n')[0]).toContain(',');
    expect(plainText.split('\r\n')[0]).not.toContain(';');
    const excel = await get(ordersExport, `${path}&format=csv-excel-de`);
    expect(excel.status).toBe(200);
    expect(excel.headers.get('content-disposition')).toMatch(/_excel-de\.csv"$/);
    const excelRows = parseSemicolonCsv((await excel.text()).replace(/^\uFEFF/, ''));
    const plainRows = plainText
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(excelRows.length).toBe(plainRows.length);
    const netProfit = excelRows[0]!.indexOf('Net profit');
    expect(netProfit).toBeGreaterThanOrEqual(0);
    for (const row of excelRows.slice(1)) expect(row[netProfit]).toMatch(/^-?\d+(,\d{1,2})?$/);
  });

  it('refuses a format it does not write, naming the ones it does', async () => {
    const response = await get(
      ordersExport,
      `/api/dashboard/shops/${shop.id}/exports/orders?${range}&format=csv-excel-xx`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('csv-excel-de');
  });
});
