import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { CHARGED_KINDS } from '@/lib/costs/kinds';
import { restoreInputs } from '@/lib/store/cost-bulk';
import { hashPassword } from '@/lib/team/passwords';
import { findByEmail, getPerson, insertPerson, type Person } from '@/lib/team/people';
import { createLiveLink, createPersonalToken } from '@/lib/server/actions/tokens';
import { GET as refunds } from '@/app/api/dashboard/shops/[shopId]/refunds/route';
import { GET as overview } from '@/app/api/dashboard/shops/[shopId]/reports/overview/route';
import { GET as orders } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { GET as products } from '@/app/api/dashboard/shops/[shopId]/products/route';
import { GET as refundsExport } from '@/app/api/dashboard/shops/[shopId]/exports/refunds/route';
import { GET as ordersExport } from '@/app/api/dashboard/shops/[shopId]/exports/orders/route';
import { GET as allShops } from '@/app/api/dashboard/all-shops/route';
import { GET as allShopsExport } from '@/app/api/dashboard/exports/all-shops/route';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { csvRecords, findLeaks, orderingLeaks, withoutFrame, type Answer } from '@/tests/support/hidden-figures';
import { skuInfo } from '@/lib/store/reads';
import type { ShopCostInputs } from '@/lib/costs/kinds';
import { shiftDay } from '@/tests/support/oracle/recount';
import { call, freshIp, ORIGIN, postLogin } from '@/tests/integration/api/support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DELETE as mcpDelete, GET as mcpGet, POST as mcpPost } from '@/app/api/mcp/route';
import { callTool, mcpClient } from '@/tests/support/api/mcp';
import { serveHttp, type Served } from '@/tests/support/api/serve-http';
import { rangeArb, runs, SEED, todayOf, type Range } from './arbitraries';

// A person without "can see costs and profit" must not be able to work out a hidden figure from
// what they get: for generated ranges, every answer they get (JSON and CSV) is compared with the
// owner's for the same view, and no number they see may equal a number they see plus one only the
// owner sees, to the cent (tests/support/hidden-figures). A refund day's value that kept its fees
// while its fee parts were left out failed this (value − visible parts = the hidden fees).
// Orderings too: no list they get may run in the order of a hidden figure, and every answer they
// get is the same under two sets of the seller's costs (which move profit and never sales): the
// overview's top and bottom SKUs, their profit figures left out, still ranked SKUs by net profit.
// The MCP server's answers to the same views (its tools, with each person's personal access token)
// are held to the same rules, and a viewer's summary text names no cost, fee, margin or profit.
// That person's personal access token, and a live link they make of each export, get exactly what
// they get signed in: checked in every case, so a token is never a way round the hidden figures.

type Handler = Parameters<typeof call>[0];

const CASES = runs(8);

/** Words a summary for a person without costs and profit never holds. */
const PROFIT_WORDS = expect.stringMatching(/profit|margin|fee|cost|bottom line/i);

/** The views a person without costs and profit may read, each as JSON or a CSV export. */
const VIEWS: {
  view: string;
  handler?: Handler;
  path: string;
  query?: string;
  csv?: boolean;
  /** An MCP tool's answer (its structured content) instead of the route's. */
  mcp?: string;
  centsPerUnit: number;
}[] = [
  { view: 'refunds', handler: refunds as Handler, path: 'refunds', centsPerUnit: 100 },
  { view: 'overview', handler: overview as Handler, path: 'reports/overview', centsPerUnit: 1 },
  { view: 'orders', handler: orders as Handler, path: 'orders', query: 'limit=100', centsPerUnit: 100 },
  { view: 'products (SKU costs)', handler: products as Handler, path: 'products', centsPerUnit: 100 },
  { view: 'refunds CSV', handler: refundsExport as Handler, path: 'exports/refunds', csv: true, centsPerUnit: 100 },
  { view: 'orders CSV', handler: ordersExport as Handler, path: 'exports/orders', csv: true, centsPerUnit: 100 },
  { view: 'all shops', handler: allShops as Handler, path: '', centsPerUnit: 1 },
  { view: 'all shops CSV', handler: allShopsExport as Handler, path: '', csv: true, centsPerUnit: 100 },
  { view: 'MCP overview', mcp: 'overview', path: '', centsPerUnit: 1 },
  { view: 'MCP period tiles', mcp: 'period_tiles', path: '', centsPerUnit: 1 },
  { view: 'MCP orders', mcp: 'orders', path: '', query: 'limit=100', centsPerUnit: 100 },
  { view: 'MCP refunds', mcp: 'refunds', path: '', centsPerUnit: 100 },
];

describe('a person without costs and profit cannot work out a hidden figure', () => {
  const fixture = routesFixture({ orders: 1_500, postgres: false });
  let shops: Shop[];
  const cookies = { owner: '', viewer: '' };
  const mcp = {} as Record<'owner' | 'viewer', Client>;
  let served: Served;
  let viewerPerson: Person;
  let viewerToken = '';
  let checked = 0;

  async function signIn(email: string, password: string): Promise<string> {
    const response = await postLogin(password, freshIp(), { origin: ORIGIN }, email);
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  beforeAll(async () => {
    shops = fixture.shops;
    cookies.owner = await signIn('owner@demo.example', 'demo');
    const password = 'correct horse battery staple';
    await insertPerson(fixture.store.db, {
      email: 'sales-only@team.example',
      name: 'Sales only',
      role: 'viewer',
      seesProfit: false,
      shops: shops.map((s) => s.id),
      passwordHash: await hashPassword(password),
    });
    cookies.viewer = await signIn('sales-only@team.example', password);
    viewerPerson = (await getPerson(fixture.store.db, (await insertedId('sales-only@team.example'))!))!;
    viewerToken = (await createPersonalToken(viewerPerson, { name: 'Script', expiresInDays: null, shops: null })).token;
    served = await serveHttp({ POST: mcpPost, GET: mcpGet, DELETE: mcpDelete }, '/api/mcp');
    for (const [who, email] of [
      ['owner', 'owner@demo.example'],
      ['viewer', 'sales-only@team.example'],
    ] as const) {
      const person = (await findByEmail(fixture.store.db, email))!.person;
      const { token } = await createPersonalToken(person, { name: 'property', expiresInDays: null, shops: null });
      mcp[who] = await mcpClient(served.url, token);
    }
    // The seller's charged kinds, per order and per unit: the orders answer carries their rates and
    // the orders export a column of them for the owner; neither may reach the viewer.
    for (const shop of shops)
      await restoreInputs(fixture.store.db, shop.id, {
        adSpend: [],
        expenses: [],
        cogs: [],
        fulfilment: [
          { id: 'f-order', skuId: null, fromDay: '2020-01-01', per: 'order', amountCents: 150 },
          { id: 'f-unit', skuId: null, fromDay: '2020-01-01', per: 'unit', amountCents: 35 },
        ],
      });
  }, 180_000);

  afterAll(async () => {
    for (const client of Object.values(mcp)) await client.close();
    await served?.close();
  });

  async function insertedId(email: string): Promise<string | undefined> {
    const row = await fixture.store.db
      .selectFrom('st_person')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.id;
  }

  /** The viewer's answer as signed in, by their personal token, or (an export) by a live link they made of it. */
  type Who = 'owner' | 'viewer' | 'viewer token' | 'viewer live link';

  async function answer(view: (typeof VIEWS)[number], shop: Shop, range: Range, who: Who) {
    if (view.mcp) {
      const extra = Object.fromEntries(new URLSearchParams(view.query ?? ''));
      const result = await callTool(who === 'owner' ? mcp.owner : mcp.viewer, view.mcp, {
        shopId: shop.id,
        ...range,
        ...extra,
      });
      if (result.isError) throw new Error(`${view.view} as ${who}: ${result.summary}`);
      if (who !== 'owner')
        expect({ view: view.view, summary: result.summary }).not.toMatchObject({ summary: PROFIT_WORDS });
      return result.data;
    }
    const url = view.path ? `/api/dashboard/shops/${shop.id}/${view.path}` : '/api/dashboard/all-shops';
    const exportUrl = view.view.startsWith('all shops') && view.csv ? '/api/dashboard/exports/all-shops' : url;
    const query = `range=custom&from=${range.from}&to=${range.to}${view.query ? `&${view.query}` : ''}`;
    let path = `${exportUrl}?${query}`;
    const headers: Record<string, string> = {};
    if (who === 'viewer token') headers.authorization = `Bearer ${viewerToken}`;
    if (who === 'viewer live link') {
      const live = new URL((await createLiveLink(viewerPerson, { href: path }, ORIGIN)).url);
      path = live.pathname + live.search;
    }
    const response = await call(view.handler!, path, {
      params: { shopId: shop.id },
      cookie: who === 'owner' || who === 'viewer' ? cookies[who] : undefined,
      headers,
      ip: freshIp(),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${view.view} as ${who}: ${response.status} ${text.slice(0, 200)}`);
    return view.csv ? csvRecords(text) : (JSON.parse(text) as { data: unknown }).data;
  }

  it('in any view of any range: refunds, overview, orders, products, All shops and their exports', async () => {
    const caseArb = fc.integer({ min: 0, max: shops.length - 1 }).chain((i) => {
      const shop = shops[i]!;
      // Ranges of the demo data up to 120 days, so each case stays quick (a sync, eight views, twice).
      const range = rangeArb(todayOf(shop.timezone), shop.timezone).map((r) =>
        r.to > shiftDay(r.from, 120) ? { from: r.from, to: shiftDay(r.from, 120) } : r,
      );
      return fc.record({ shop: fc.constant(shop), range });
    });
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ shop, range }) => {
        for (const s of shops) await fixture.engine.sync(s, range);
        const answers: Answer[] = [];
        for (const view of VIEWS) {
          const [owner, viewer] = [await answer(view, shop, range, 'owner'), await answer(view, shop, range, 'viewer')];
          answers.push({ view: view.view, owner, viewer, centsPerUnit: view.centsPerUnit });
          // Their token and a live link of an export get exactly what they get signed in. (An MCP
          // view is read by the viewer's token already: asked again it is the same call, and the
          // period tiles' projection would have moved with the clock in between.)
          if (!view.mcp) {
            const byToken = await answer(view, shop, range, 'viewer token');
            expect({ view: view.view, byToken }).toEqual({ view: view.view, byToken: viewer });
            answers.push({ view: `${view.view} (token)`, owner, viewer: byToken, centsPerUnit: view.centsPerUnit });
          }
          if (view.csv) {
            const byLink = await answer(view, shop, range, 'viewer live link');
            expect({ view: view.view, byLink }).toEqual({ view: view.view, byLink: viewer });
            answers.push({ view: `${view.view} (live link)`, owner, viewer: byLink, centsPerUnit: view.centsPerUnit });
          }
        }
        checked += 1;
        expect(findLeaks(answers).slice(0, 5)).toEqual([]);
        expect(answers.flatMap(orderingLeaks).slice(0, 5)).toEqual([]);
      }),
      { numRuns: CASES, seed: SEED + 7, endOnFailure: true },
    );
    expect(checked).toBeGreaterThanOrEqual(CASES);
  }, 300_000);

  it("gives a person without costs and profit the same answers whatever the seller's costs: nothing is ordered or chosen by profit", async () => {
    const shop = shops[0]!;
    const today = todayOf(shop.timezone);
    await fixture.engine.sync(shop, { from: shiftDay(today, -7), to: today }); // the catalog, for its SKUs
    const skus = [...(await skuInfo(fixture.store.db, shop.id)).keys()].sort();
    // Recent ranges, where the demo shop has many SKUs with sales; a unit cost for every SKU, and a
    // fee per unit: each moves every SKU's net profit by its own amount, never its sales.
    const caseArb = fc.record({
      range: fc
        .record({ days: fc.integer({ min: 14, max: 90 }), end: fc.integer({ min: 0, max: 10 }) })
        .map(({ days, end }) => ({ from: shiftDay(today, -(days + end)), to: shiftDay(today, -end) })),
      cogs: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: skus.length, maxLength: skus.length }),
      perUnit: fc.integer({ min: 0, max: 900 }),
    });
    const inputs = (c: { cogs: number[]; perUnit: number }): ShopCostInputs => ({
      adSpend: [],
      expenses: [],
      cogs: c.cogs.map((cents, i) => ({ id: `c-${i}`, skuId: skus[i]!, fromDay: '2020-01-01', unitCostCents: cents })),
      fulfilment: [{ id: 'f-unit', skuId: null, fromDay: '2020-01-01', per: 'unit', amountCents: c.perUnit }],
    });
    // The period tiles' projection moves with the clock (the share of the month gone), not with costs.
    const viewerViews = VIEWS.filter((v) => !v.view.startsWith('all shops') && v.mcp !== 'period_tiles');
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        await fixture.engine.sync(shop, c.range);
        const seen = async () => {
          const out: unknown[] = [];
          for (const view of viewerViews) out.push(withoutFrame(await answer(view, shop, c.range, 'viewer')));
          return out;
        };
        await restoreInputs(fixture.store.db, shop.id, inputs({ cogs: [], perUnit: 0 }));
        const without = await seen();
        await restoreInputs(fixture.store.db, shop.id, inputs(c));
        const withCosts = await seen();
        for (const [i, view] of viewerViews.entries())
          expect({ view: view.view, answer: withCosts[i] }).toEqual({ view: view.view, answer: without[i] });
      }),
      { numRuns: runs(4), seed: SEED + 11, endOnFailure: true },
    );
  }, 300_000);

  it("leaves the seller's charged kinds out of the viewer's orders answer and export, which the owner gets", async () => {
    const shop = shops[0]!;
    const today = todayOf(shop.timezone);
    const range = { from: shiftDay(today, -30), to: today };
    await fixture.engine.sync(shop, range);
    const [orders, csv] = [VIEWS.find((v) => v.view === 'orders')!, VIEWS.find((v) => v.view === 'orders CSV')!];
    const owner = (await answer(orders, shop, range, 'owner')) as { cogs: { charges: { label: string }[] } | null };
    expect(owner.cogs?.charges.map((c) => c.label)).toEqual(CHARGED_KINDS.map((k) => k.label));
    const viewer = (await answer(orders, shop, range, 'viewer')) as Record<string, unknown>;
    expect(Object.keys(viewer)).not.toContain('cogs');
    expect(JSON.stringify(viewer)).not.toMatch(/\(yours\)|"charges"|amountCents/);
    const headers = (rows: unknown) => Object.keys((rows as Record<string, unknown>[])[0] ?? {});
    const [ownerRows, viewerRows] = [await answer(csv, shop, range, 'owner'), await answer(csv, shop, range, 'viewer')];
    expect((ownerRows as unknown[]).length).toBeGreaterThan(0);
    for (const k of CHARGED_KINDS) {
      expect(headers(ownerRows)).toContain(k.label);
      expect(headers(viewerRows)).not.toContain(k.label);
    }
  }, 120_000);
});
