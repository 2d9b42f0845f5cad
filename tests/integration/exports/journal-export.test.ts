import Papa from 'papaparse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shop } from '@/lib/contract';
import { QUICKBOOKS_COLUMNS, XERO_COLUMNS } from '@/lib/reports/journal-files';
import type { AccountMapData } from '@/lib/reports/journal-schemas';
import { hashPassword } from '@/lib/team/passwords';
import { insertPerson } from '@/lib/team/people';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { body, call, ORIGIN, postLogin, signedInCookie, type ErrorEnvelope } from '@/tests/integration/api/support';

// The journal through its routes: the accounts (every key with its effective account and where it
// comes from; set for this shop or every shop by an owner, refused to an editor and checked), a
// month's journal as Xero and QuickBooks files (their columns, balanced, the saved accounts, DRAFT
// while the month is open, the shop as QuickBooks' Class), a line without an account refusing the export with a sentence naming
// it, and nothing for a person without costs and profit.

/** A line of a later version (a new cost kind) no account is set for, when the test asks for one. */
const extra = { line: false };
vi.mock('@/lib/server/loaders/journal-statement', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/server/loaders/journal-statement')>();
  return {
    ...real,
    monthStatement: async (...args: Parameters<typeof real.monthStatement>) => {
      const statement = await real.monthStatement(...args);
      if (!extra.line) return statement;
      const at = statement.lines.findIndex((l) => l.key === 'bottomLine');
      const line = { key: 'yours.charged:storage', label: 'Storage (yours)', kind: 'line' as const, cents: -1234 };
      return { ...statement, lines: [...statement.lines.slice(0, at), line, ...statement.lines.slice(at)] };
    },
  };
});

const accountsRoute = await import('@/app/api/dashboard/shops/[shopId]/books/accounts/route');
const { GET: journalExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/journal/route');

const csvOf = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
const cents = (text: string | undefined) => (text ? Math.round(Number(text) * 100) : 0);

describe('journal: accounts and exports', () => {
  const fixture = routesFixture({ orders: 800, postgres: false });
  let shop: Shop;
  let owner = '';
  let editor = '';
  let salesOnly = '';
  let month = '';

  async function signIn(email: string, role: 'editor' | 'viewer', seesProfit: boolean): Promise<string> {
    const password = 'correct horse battery staple';
    await insertPerson(fixture.store.db, {
      email,
      name: email,
      role,
      seesProfit,
      shops: [shop.id],
      passwordHash: await hashPassword(password),
    });
    const response = await postLogin(password, undefined, { origin: ORIGIN }, email);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    const lastMonthEnd = shiftDay(`${today.slice(0, 7)}-01`, -1);
    month = lastMonthEnd.slice(0, 7);
    await fixture.engine.sync(shop, { from: `${month}-01`, to: lastMonthEnd });
    owner = await signedInCookie();
    editor = await signIn('editor@team.example', 'editor', true);
    salesOnly = await signIn('viewer@team.example', 'viewer', false);
  }, 180_000);

  const accountsUrl = () => `/api/dashboard/shops/${shop.id}/books/accounts`;
  const put = (cookie: string, accounts: unknown[]) =>
    call(accountsRoute.PUT, accountsUrl(), {
      method: 'PUT',
      params: { shopId: shop.id },
      cookie,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ accounts }),
    });
  const journal = (query: string, cookie = owner) =>
    call(journalExport, `/api/dashboard/shops/${shop.id}/exports/journal?${query}`, {
      params: { shopId: shop.id },
      cookie,
    });

  it('lists every key with the default chart until the seller saves, then says where each comes from', async () => {
    const read = async () =>
      (
        await body<{ data: AccountMapData }>(
          await call(accountsRoute.GET, accountsUrl(), { params: { shopId: shop.id }, cookie: owner }),
        )
      ).data;
    const before = await read();
    const at = (d: AccountMapData, key: string) => d.accounts.find((a) => a.key === key)!;
    expect(before.canEdit).toBe(true);
    expect(at(before, 'fees.transactionFee')).toMatchObject({ code: '6200', source: 'default' });
    expect(at(before, 'yours.expenses')).toMatchObject({ code: null, source: 'default' });
    expect(at(before, 'clearing')).toMatchObject({ code: '1210', role: 'contra' });

    const saved = await put(owner, [
      { key: 'sales.gross', scope: 'shop', choice: 'account', code: 'S-100', name: 'Shop sales', taxRate: 'No VAT' },
      { key: 'fees.transactionFee', scope: 'every-shop', choice: 'account', code: '6210' },
      { key: 'yours.expenses', scope: 'shop', choice: 'account', code: '6900', name: 'Other expenses' },
    ]);
    expect(saved.status).toBe(200);
    const after = (await body<{ data: AccountMapData }>(saved)).data;
    expect(at(after, 'sales.gross')).toMatchObject({ code: 'S-100', source: 'shop', updatedBy: 'owner@demo.example' });
    expect(at(after, 'fees.transactionFee')).toMatchObject({ code: '6210', source: 'every-shop' });
    expect(await read()).toEqual(after);

    const back = await put(owner, [{ key: 'yours.expenses', scope: 'shop', choice: 'inherit' }]);
    expect(at((await body<{ data: AccountMapData }>(back)).data, 'yours.expenses')).toMatchObject({
      code: null,
      source: 'default',
    });
  });

  it('refuses a code the chart of accounts cannot hold and a counter-entry not posted, changing nothing', async () => {
    const bad = await put(owner, [
      { key: 'sales.gross', scope: 'shop', choice: 'account', code: 'S-200' },
      { key: 'cogs', scope: 'shop', choice: 'account', code: 'way too long a code' },
    ]);
    expect(bad.status).toBe(400);
    expect((await body<ErrorEnvelope>(bad)).error.message).toMatch(/account code is 1 to 10 letters/);
    const contra = await put(owner, [{ key: 'clearing', scope: 'shop', choice: 'not-posted' }]);
    expect(contra.status).toBe(400);
    expect((await body<ErrorEnvelope>(contra)).error.message).toMatch(/counter-entry needs an account/);
    const csv = csvOf(await (await journal(`month=${month}&format=xero`)).text());
    expect(csv.data.some((r) => r['*AccountCode'] === 'S-200')).toBe(false);
  });

  it("exports the month's journal for Xero and QuickBooks: their columns, balanced, the saved accounts, DRAFT", async () => {
    const xeroAnswer = await journal(`month=${month}&format=xero`);
    expect(xeroAnswer.status).toBe(200);
    expect(xeroAnswer.headers.get('x-journal-parts')).toBe('1');
    expect(xeroAnswer.headers.get('content-disposition')).toMatch(
      new RegExp(`filename="journal-xero_[a-z0-9-]+_${month}_draft\\.csv"`),
    );
    const xero = csvOf(await xeroAnswer.text());
    expect(xero.meta.fields).toEqual([...XERO_COLUMNS]);
    expect(xero.data.length).toBeGreaterThan(3);
    expect(xero.data.reduce((a, r) => a + cents(r['*Amount']), 0)).toBe(0);
    expect(new Set(xero.data.map((r) => r['*Narration'])).size).toBe(1);
    expect(xero.data[0]!['*Narration']).toContain('DRAFT');
    const sales = xero.data.find((r) => r.Description === 'Gross sales')!;
    expect(sales).toMatchObject({ '*AccountCode': 'S-100', '*TaxRate': 'No VAT', TrackingName1: 'Shop' });
    expect(cents(sales['*Amount'])).toBeLessThan(0);
    expect(xero.data.find((r) => r['*AccountCode'] === '1210')).toBeDefined();

    const qboAnswer = await journal(`month=${month}&format=quickbooks`);
    const qbo = csvOf(await qboAnswer.text());
    expect(qbo.meta.fields).toEqual([...QUICKBOOKS_COLUMNS]);
    expect(qbo.data.length).toBe(xero.data.length);
    expect(qbo.data.every((r) => (r.Debits === '') !== (r.Credits === ''))).toBe(true);
    const sum = (col: string) => qbo.data.reduce((a, r) => a + cents(r[col]), 0);
    expect(sum('Debits')).toBe(sum('Credits'));
    expect(qbo.data[0]!['Journal No.']).toMatch(new RegExp(`^[A-Z0-9]{1,8}-${month.replace('-', '')}-D$`));
    expect(qbo.data.find((r) => r.Description === `${shop.shopName}: Gross sales`)).toMatchObject({
      'Account Name': 'Shop sales',
      Class: shop.shopName,
    });

    const part2 = await journal(`month=${month}&format=xero&part=2`);
    expect(part2.status).toBe(400);
    expect((await body<ErrorEnvelope>(part2)).error.message).toMatch(/has 1 part/);
    const future = await journal(`month=2999-01&format=xero`);
    expect((await body<ErrorEnvelope>(future)).error.message).toMatch(/has not begun/);
    const badFormat = await journal(`month=${month}&format=sage`);
    expect(badFormat.status).toBe(400);
  });

  it('refuses a journal with a line no account is set for, naming the line', async () => {
    extra.line = true;
    try {
      const answer = await journal(`month=${month}&format=xero`);
      expect(answer.status).toBe(409);
      const { error } = await body<ErrorEnvelope>(answer);
      expect(error.code).toBe('ACCOUNTS_UNMAPPED');
      expect(error.message).toMatch(/^Map these lines to accounts first.*Storage \(yours\) \(yours\.charged:storage\)/);
    } finally {
      extra.line = false;
    }
  });

  it('an editor reads the accounts but cannot change them; without costs and profit, neither', async () => {
    const asEditor = await call(accountsRoute.GET, accountsUrl(), { params: { shopId: shop.id }, cookie: editor });
    expect((await body<{ data: AccountMapData }>(asEditor)).data.canEdit).toBe(false);
    const editorPut = await put(editor, [{ key: 'cogs', scope: 'shop', choice: 'account', code: '5001' }]);
    expect(editorPut.status).toBe(403);
    expect((await body<ErrorEnvelope>(editorPut)).error.code).toBe('FORBIDDEN_ROLE');
    const hidden = await call(accountsRoute.GET, accountsUrl(), { params: { shopId: shop.id }, cookie: salesOnly });
    expect(hidden.status).toBe(403);
    const file = await journal(`month=${month}&format=xero`, salesOnly);
    expect(file.status).toBe(403);
    expect(await file.text()).not.toMatch(/Gross sales|1210/);
  });
});
