import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { GET as openApiRoute } from '@/app/api/dashboard/openapi.json/route';
import { GET as shopsRoute } from '@/app/api/dashboard/shops/route';
import { GET as ordersRoute } from '@/app/api/dashboard/shops/[shopId]/orders/route';
import { GET as productsRoute } from '@/app/api/dashboard/shops/[shopId]/products/route';
import { GET as refundsRoute } from '@/app/api/dashboard/shops/[shopId]/refunds/route';
import { GET as sessionRoute } from '@/app/api/dashboard/session/route';
import { GET as accountRoute } from '@/app/api/dashboard/account/route';
import { POST as readRoute } from '@/app/api/dashboard/alerts/read/route';
import { GET as inboxRoute } from '@/app/api/dashboard/alerts/route';
import { GET as rulesRoute, POST as addRuleRoute } from '@/app/api/dashboard/alert-rules/route';
import { GET as channelsRoute, POST as addChannelRoute } from '@/app/api/dashboard/alert-channels/route';
import { GET as deliveriesRoute } from '@/app/api/dashboard/alert-channels/deliveries/route';
import { GET as digestRoute } from '@/app/api/dashboard/account/digest/route';
import { GET as costsRoute } from '@/app/api/dashboard/shops/[shopId]/your-costs/route';
import { POST as addEntryRoute } from '@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route';
import { DELETE as deleteEntryRoute } from '@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route';
import { POST as undoRoute } from '@/app/api/dashboard/shops/[shopId]/your-costs/undo/route';
import { POST as adSpendImportRoute } from '@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/import/route';
import * as cogsImport from '@/app/api/dashboard/shops/[shopId]/your-costs/cogs/import/route';
import * as backup from '@/app/api/dashboard/shops/[shopId]/your-costs/backup/route';
import { GET as ratesRoute, POST as addRateRoute } from '@/app/api/dashboard/fx-rates/route';
import { GET as connectionsRoute } from '@/app/api/dashboard/connections/route';
import { GET as teamRoute } from '@/app/api/dashboard/team/route';
import { POST as inviteRoute } from '@/app/api/dashboard/team/invitations/route';
import { POST as settlementCheckRoute } from '@/app/api/dashboard/shops/[shopId]/settlement/check/route';
import { GET as syncStatusRoute, POST as syncRoute } from '@/app/api/dashboard/shops/[shopId]/sync/route';
import { GET as periodsRoute } from '@/app/api/dashboard/shops/[shopId]/reports/periods/route';
import { GET as pnlRoute } from '@/app/api/dashboard/shops/[shopId]/reports/pnl-by-month/route';
import { GET as allShopsPnlRoute } from '@/app/api/dashboard/all-shops/pnl-by-month/route';
import { GET as allShopsRoute } from '@/app/api/dashboard/all-shops/route';
import { GET as overviewRoute } from '@/app/api/dashboard/shops/[shopId]/reports/overview/route';
import { GET as skuProfitRoute } from '@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route';
import { GET as pricingRoute } from '@/app/api/dashboard/shops/[shopId]/reports/pricing/route';
import { GET as settlementRoute } from '@/app/api/dashboard/shops/[shopId]/reports/settlement/route';
import type { Shop } from '@/lib/contract';
import { ENDPOINTS } from '@/lib/endpoints';
import { buildDashboardOpenApi, openApiPath } from '@/lib/server/openapi/document';
import { errorBodySchema, SchemaSet } from '@/lib/server/openapi/json-schema';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { dataSchemaOf } from './openapi-support';
import { call, freshIp, ORIGIN, postLogin } from './support';

// Real answers of a handful of routes, called in-process over the embedded service with synced
// demo orders, hold to the schemas the API's description documents for them — the same zod objects
// the document was generated from — and a failure's body to the one error body it documents.

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'DELETE';
const WRITE = { origin: ORIGIN, 'content-type': 'application/json' };
type DocResponse = { description: string; content: Record<string, { schema: Json & { properties: Json } }> };

const fixture = routesFixture({ orders: 120, postgres: false });
let shop: Shop;
let cookie = '';
let range = '';
/** A month long ago that no sync read: the reports' answers without data. */
let unsyncedRange = '';
const doc = JSON.parse(JSON.stringify(buildDashboardOpenApi())) as {
  paths: Record<string, Record<string, { responses: Record<string, DocResponse> }>>;
};

beforeAll(async () => {
  shop = fixture.shops[0]!;
  const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
  const [from, to] = [shiftDay(today, -30), shiftDay(today, -1)];
  range = `from=${from}&to=${to}&range=custom`;
  unsyncedRange = `from=${shiftDay(today, -400)}&to=${shiftDay(today, -371)}&range=custom`;
  await fixture.engine.sync(shop, { from, to });
  const signIn = await postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example');
  cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
}, 180_000);

/**
 * The answer's data is exactly what the documented schema describes (parsing strips any key the
 * schema does not name, so equality also means no undocumented key), and the document's schema of
 * it is the conversion of that same schema object.
 */
function holdsToDocument(route: string, method: Method, status: number, data: unknown): void {
  const schema: z.ZodType = dataSchemaOf(route, method);
  expect(schema.parse(data)).toEqual(data);
  const documented = doc.paths[openApiPath(route)]![method.toLowerCase()]!.responses[status]!;
  expect(documented.content['application/json']!.schema.properties.data).toEqual(
    new SchemaSet().convert(schema, 'output'),
  );
}

const send = (handler: Parameters<typeof call>[0], path: string, init: Parameters<typeof call>[2] = {}) =>
  call(handler, path, { cookie, ip: freshIp(), ...init });

async function dataOf(response: Response, status = 200): Promise<unknown> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { data: unknown }).data;
}
const post = (body?: unknown) => ({ method: 'POST', headers: WRITE, body: JSON.stringify(body ?? {}) });

describe('real answers hold to the documented schemas', () => {
  it('the shop list, orders, catalog and refunds of a synced range', async () => {
    const shops = (await (await send(shopsRoute, '/api/dashboard/shops')).json()) as { data: { items: unknown[] } };
    expect(shops.data.items.length).toBeGreaterThan(0);
    holdsToDocument('shops', 'GET', 200, shops.data);

    const params = { shopId: shop.id };
    const base = `/api/dashboard/shops/${shop.id}`;
    const orders = (await (await send(ordersRoute, `${base}/orders?${range}`, { params })).json()) as Json & {
      data: { items: unknown[] };
    };
    expect(orders.data.items.length).toBeGreaterThan(0);
    holdsToDocument('shops/[shopId]/orders', 'GET', 200, orders.data);

    const products = (await (await send(productsRoute, `${base}/products`, { params })).json()) as { data: unknown };
    holdsToDocument('shops/[shopId]/products', 'GET', 200, products.data);

    const refunds = (await (await send(refundsRoute, `${base}/refunds?${range}`, { params })).json()) as {
      data: { items: unknown[] };
    };
    expect(refunds.data.items).toHaveLength(30);
    holdsToDocument('shops/[shopId]/refunds', 'GET', 200, refunds.data);
  });

  it('the session, the account and the inbox count', async () => {
    const session = (await (await send(sessionRoute, '/api/dashboard/session')).json()) as Json & { data: Json };
    expect(session.data).toMatchObject({ authenticated: true, person: { email: 'owner@demo.example' } });
    holdsToDocument('session', 'GET', 200, session.data);

    const account = (await (await send(accountRoute, '/api/dashboard/account')).json()) as { data: unknown };
    holdsToDocument('account', 'GET', 200, account.data);

    const read = await send(readRoute, '/api/dashboard/alerts/read', {
      method: 'POST',
      headers: WRITE,
      body: JSON.stringify({ all: true }),
    });
    holdsToDocument('alerts/read', 'POST', 200, ((await read.json()) as { data: unknown }).data);
  });

  it('the alerts: a rule and a channel added, the rules, the inbox, the channels, the deliveries, the digest', async () => {
    const rule = { shopId: shop.id, kind: 'sku-loss', params: { days: 7, minLines: 5 } };
    holdsToDocument(
      'alert-rules',
      'POST',
      201,
      await dataOf(await send(addRuleRoute, '/api/dashboard/alert-rules', post(rule)), 201),
    );
    const channel = { kind: 'webhook', name: 'Hook', target: 'https://93.184.215.14/hook' };
    holdsToDocument(
      'alert-channels',
      'POST',
      201,
      await dataOf(await send(addChannelRoute, '/api/dashboard/alert-channels', post(channel)), 201),
    );
    const rules = (await dataOf(await send(rulesRoute, '/api/dashboard/alert-rules'))) as { items: unknown[] };
    expect(rules.items).toHaveLength(1);
    holdsToDocument('alert-rules', 'GET', 200, rules);
    holdsToDocument('alerts', 'GET', 200, await dataOf(await send(inboxRoute, '/api/dashboard/alerts')));
    const channels = (await dataOf(await send(channelsRoute, '/api/dashboard/alert-channels'))) as { items: unknown[] };
    expect(channels.items).toHaveLength(1);
    holdsToDocument('alert-channels', 'GET', 200, channels);
    holdsToDocument(
      'alert-channels/deliveries',
      'GET',
      200,
      await dataOf(await send(deliveriesRoute, '/api/dashboard/alert-channels/deliveries')),
    );
    holdsToDocument(
      'account/digest',
      'GET',
      200,
      await dataOf(await send(digestRoute, '/api/dashboard/account/digest')),
    );
  });

  it('the cost inputs: an expense added and removed, the costs, an undo; an exchange rate, the rates', async () => {
    const params = { shopId: shop.id };
    const base = `/api/dashboard/shops/${shop.id}/your-costs`;
    const expense = { name: 'Software', amount: '49.00', recurrence: 'monthly', startDay: '2026-01-01' };
    const added = (await dataOf(
      await send(addEntryRoute, `${base}/expenses`, { params: { ...params, kind: 'expenses' }, ...post(expense) }),
      201,
    )) as {
      item: { id: string };
    };
    holdsToDocument('shops/[shopId]/your-costs/[kind]', 'POST', 201, added);
    const id = added.item.id;
    const removal = await send(deleteEntryRoute, `${base}/expenses/${id}`, {
      params: { ...params, kind: 'expenses', id },
      method: 'DELETE',
      headers: { origin: ORIGIN },
    });
    holdsToDocument('shops/[shopId]/your-costs/[kind]/[id]', 'DELETE', 200, await dataOf(removal));
    holdsToDocument(
      'shops/[shopId]/your-costs/undo',
      'POST',
      200,
      await dataOf(await send(undoRoute, `${base}/undo`, { params, ...post() })),
    );
    const costs = (await dataOf(await send(costsRoute, base, { params }))) as { inputs: { expenses: unknown[] } };
    expect(costs.inputs.expenses).toHaveLength(1);
    holdsToDocument('shops/[shopId]/your-costs', 'GET', 200, costs);
    const rate = { currency: 'EUR', target: 'USD', fromDay: '2026-01-01', rate: '1.10' };
    holdsToDocument(
      'fx-rates',
      'POST',
      201,
      await dataOf(await send(addRateRoute, '/api/dashboard/fx-rates', post(rate)), 201),
    );
    holdsToDocument('fx-rates', 'GET', 200, await dataOf(await send(ratesRoute, '/api/dashboard/fx-rates')));
  });

  it("the imports' and the restore's previews (nothing committed)", async () => {
    const params = { shopId: shop.id };
    const base = `/api/dashboard/shops/${shop.id}/your-costs`;
    const preview = (route: string, handler: Parameters<typeof call>[0], csv: string) =>
      send(handler, `${base}/${route}`, { params, ...post({ csv }) }).then((r) => dataOf(r));
    const adSpend = (await preview('ad-spend/import', adSpendImportRoute, 'date,spend\n2026-01-05,12.50\n')) as {
      preview: { rows: unknown[] };
    };
    expect(adSpend.preview.rows).toHaveLength(1);
    holdsToDocument('shops/[shopId]/your-costs/ad-spend/import', 'POST', 200, adSpend);
    const template = await (await send(cogsImport.GET, `${base}/cogs/import`, { params })).text();
    holdsToDocument(
      'shops/[shopId]/your-costs/cogs/import',
      'POST',
      200,
      await preview('cogs/import', cogsImport.POST, template),
    );
    const file = await (await send(backup.GET, `${base}/backup`, { params })).text();
    holdsToDocument('shops/[shopId]/your-costs/backup', 'POST', 200, await preview('backup', backup.POST, file));
  });

  it('the team, with an invitation made', async () => {
    const invitation = { email: 'kim@team.example', role: 'viewer', seesProfit: false, shops: [shop.id] };
    const made = await send(inviteRoute, '/api/dashboard/team/invitations', post(invitation));
    holdsToDocument('team/invitations', 'POST', 201, await dataOf(made, 201));
    const team = (await dataOf(await send(teamRoute, '/api/dashboard/team'))) as { pending: unknown[] };
    expect(team.pending).toHaveLength(1);
    holdsToDocument('team', 'GET', 200, team);
  });

  it('the connections and a settlement check', async () => {
    const connections = (await dataOf(await send(connectionsRoute, '/api/dashboard/connections'))) as {
      items: unknown[];
    };
    expect(connections.items.length).toBeGreaterThan(0);
    holdsToDocument('connections', 'GET', 200, connections);
    const check = await send(settlementCheckRoute, `/api/dashboard/shops/${shop.id}/settlement/check`, {
      params: { shopId: shop.id },
      ...post(),
    });
    holdsToDocument('shops/[shopId]/settlement/check', 'POST', 200, await dataOf(check));
  });

  it("the sync's progress, without and with a range, a sync asked for, and the period tiles", async () => {
    const params = { shopId: shop.id };
    const base = `/api/dashboard/shops/${shop.id}`;
    const idle = (await dataOf(await send(syncStatusRoute, `${base}/sync`, { params }))) as { coverage: unknown };
    expect(idle.coverage).toBeNull();
    holdsToDocument('shops/[shopId]/sync', 'GET', 200, idle);
    const ranged = (await dataOf(await send(syncStatusRoute, `${base}/sync?${range}`, { params }))) as {
      coverage: { daysTotal: number; daysStored: number };
    };
    expect(ranged.coverage).toMatchObject({ daysTotal: 30, daysStored: 30 });
    holdsToDocument('shops/[shopId]/sync', 'GET', 200, ranged);
    const [, from, to] = /from=([^&]+)&to=([^&]+)/.exec(range)!;
    const started = await send(syncRoute, `${base}/sync`, { params, ...post({ from, to }) });
    holdsToDocument('shops/[shopId]/sync', 'POST', 202, await dataOf(started, 202));
    const tiles = (await dataOf(await send(periodsRoute, `${base}/reports/periods`, { params }))) as {
      report: { tiles: { key: string }[] };
    };
    expect(tiles.report.tiles.map((t) => t.key)).toEqual([
      'today',
      'yesterday',
      'monthToDate',
      'monthProjected',
      'lastMonth',
    ]);
    holdsToDocument('shops/[shopId]/reports/periods', 'GET', 200, tiles);
  });

  it('the P&L by month of the synced range', async () => {
    const params = { shopId: shop.id };
    const pnl = (await dataOf(
      await send(pnlRoute, `/api/dashboard/shops/${shop.id}/reports/pnl-by-month?${range}`, { params }),
    )) as { partial: boolean; report: { months: unknown[]; lines: { key: string }[] } };
    expect(pnl.partial).toBe(false);
    expect(pnl.report.months.length).toBeGreaterThan(0);
    expect(pnl.report.lines.map((l) => l.key)).toContain('netProfit');
    holdsToDocument('shops/[shopId]/reports/pnl-by-month', 'GET', 200, pnl);
  });

  it('the overview of the synced range, with and without the forecast', async () => {
    const params = { shopId: shop.id };
    const url = `/api/dashboard/shops/${shop.id}/reports/overview?${range}`;
    type Overview = {
      report: { top: unknown[]; profitBridge: unknown[]; kpis: { netProfit: { forecast?: unknown } } };
    };
    const plain = (await dataOf(await send(overviewRoute, url, { params }))) as Overview;
    expect(plain.report.top.length).toBeGreaterThan(0);
    expect(plain.report.profitBridge.length).toBeGreaterThan(0);
    expect(plain.report.kpis.netProfit.forecast).toBeUndefined();
    holdsToDocument('shops/[shopId]/reports/overview', 'GET', 200, plain);
    const forecast = (await dataOf(await send(overviewRoute, `${url}&forecast=on`, { params }))) as Overview;
    expect(forecast.report.kpis.netProfit.forecast).toBeDefined();
    holdsToDocument('shops/[shopId]/reports/overview', 'GET', 200, forecast);
  });

  it("the SKU report of the synced range: the whole shop's with the forecast, and a search's", async () => {
    const params = { shopId: shop.id };
    const url = `/api/dashboard/shops/${shop.id}/reports/sku-profit?${range}`;
    type Report = { report: { rows: { sellerSku: string; forecast?: unknown }[]; refunds: number | null } };
    const whole = (await dataOf(await send(skuProfitRoute, `${url}&forecast=on`, { params }))) as Report;
    expect(whole.report.rows.length).toBeGreaterThan(1);
    expect(whole.report.rows.some((r) => r.forecast !== undefined)).toBe(true);
    expect(whole.report.refunds).not.toBeNull();
    holdsToDocument('shops/[shopId]/reports/sku-profit', 'GET', 200, whole);
    const sku = whole.report.rows[0]!.sellerSku;
    const searched = (await dataOf(
      await send(skuProfitRoute, `${url}&q=${encodeURIComponent(sku)}`, { params }),
    )) as Report;
    expect(searched.report.rows.length).toBeGreaterThan(0);
    expect(searched.report.refunds).toBeNull();
    holdsToDocument('shops/[shopId]/reports/sku-profit', 'GET', 200, searched);
  });

  it("Pricing's report of the synced range, with a scenario, and of a range without data", async () => {
    const params = { shopId: shop.id };
    const url = `/api/dashboard/shops/${shop.id}/reports/pricing`;
    type Pricing = {
      partial: boolean;
      report: { rows: { whatIf: { after: { netSales: number } } }[]; skus: unknown[]; scenario: { all: object } };
    };
    const plain = (await dataOf(await send(pricingRoute, `${url}?${range}`, { params }))) as Pricing;
    expect(plain.report.rows.length).toBeGreaterThan(1);
    expect(plain.report.scenario.all).toEqual({});
    holdsToDocument('shops/[shopId]/reports/pricing', 'GET', 200, plain);
    const changes = encodeURIComponent('*:price+5%,promo=10%,cogs-10%');
    const scenario = (await dataOf(
      await send(pricingRoute, `${url}?${range}&changes=${changes}&elasticity=-1.5&settlement=reported`, { params }),
    )) as Pricing;
    expect(scenario.report.scenario.all).toEqual({ price: { by: 0.05 }, promo: 0.1, cogs: { by: -0.1 } });
    holdsToDocument('shops/[shopId]/reports/pricing', 'GET', 200, scenario);
    const empty = (await dataOf(await send(pricingRoute, `${url}?${unsyncedRange}`, { params }))) as Pricing;
    expect(empty.partial).toBe(true);
    expect(empty.report.rows).toEqual([]);
    holdsToDocument('shops/[shopId]/reports/pricing', 'GET', 200, empty);
  });

  it('the Settlement report of the synced range, of a search, and of a range without data', async () => {
    const params = { shopId: shop.id };
    const url = `/api/dashboard/shops/${shop.id}/reports/settlement`;
    type Settlement = {
      partial: boolean;
      report: { forecast: { rows: { skuId: string }[] }; skus: Record<string, { sellerSku: string }> };
    };
    const whole = (await dataOf(await send(settlementRoute, `${url}?${range}`, { params }))) as Settlement;
    expect(Object.keys(whole.report.skus).length).toBeGreaterThan(0);
    holdsToDocument('shops/[shopId]/reports/settlement', 'GET', 200, whole);
    const sku = Object.values(whole.report.skus)[0]!.sellerSku;
    const searched = (await dataOf(
      await send(settlementRoute, `${url}?${range}&q=${encodeURIComponent(sku)}`, { params }),
    )) as Settlement;
    holdsToDocument('shops/[shopId]/reports/settlement', 'GET', 200, searched);
    const empty = (await dataOf(await send(settlementRoute, `${url}?${unsyncedRange}`, { params }))) as Settlement;
    expect(empty.partial).toBe(true);
    expect(empty.report.forecast.rows).toEqual([]);
    holdsToDocument('shops/[shopId]/reports/settlement', 'GET', 200, empty);
  });

  it('every GET endpoint declares its answer: a schema of its data, or the file it sends', () => {
    const undeclared = ENDPOINTS.filter((e) => e.method === 'GET' && !('data' in e.answer) && !('file' in e.answer));
    expect(undeclared.map((e) => e.key)).toEqual([]);
  });

  it('the P&L by month of every shop in one currency', async () => {
    const pnl = (await dataOf(await send(allShopsPnlRoute, `/api/dashboard/all-shops/pnl-by-month?${range}`))) as {
      shops: { rates: unknown[] }[];
      leftOut: unknown[];
      months: unknown[];
    };
    expect(pnl.shops.length + pnl.leftOut.length).toBe(fixture.shops.length);
    expect(pnl.shops.some((s) => s.rates.length > 0)).toBe(true);
    expect(pnl.months.length).toBeGreaterThan(0);
    holdsToDocument('all-shops/pnl-by-month', 'GET', 200, pnl);
  });

  it("All shops: each shop's figures, the totals and the SKU ranking", async () => {
    const all = (await dataOf(await send(allShopsRoute, `/api/dashboard/all-shops?${range}`))) as {
      shops: { converted: unknown }[];
      ranking: { top: unknown[] };
    };
    expect(all.shops).toHaveLength(fixture.shops.length);
    expect(all.shops.some((s) => s.converted !== null)).toBe(true);
    expect(all.ranking.top.length).toBeGreaterThan(0);
    holdsToDocument('all-shops', 'GET', 200, all);
  });

  it("a refusal's body is the documented error body, under its documented status and code", async () => {
    const cases = [
      { route: 'shops/[shopId]/orders', handler: ordersRoute, url: `/api/dashboard/shops/x/orders?limit=7`, cookie },
      { route: 'shops/[shopId]/orders', handler: ordersRoute, url: `/api/dashboard/shops/x/orders`, cookie: '' },
      { route: 'shops/[shopId]/orders', handler: ordersRoute, url: `/api/dashboard/shops/nope/orders`, cookie },
    ];
    for (const c of cases) {
      const response = await send(c.handler, c.url, { cookie: c.cookie, params: { shopId: c.url.split('/')[4]! } });
      const json = (await response.json()) as unknown;
      const parsed = errorBodySchema.parse(json);
      expect(parsed).toEqual(json);
      const documented = doc.paths[openApiPath(c.route)]!.get!.responses[response.status];
      expect(documented?.description, `${response.status} ${parsed.error.code}`).toContain(parsed.error.code);
    }
  });

  it('the document itself: served without a session, as JSON, equal to the generated one', async () => {
    const response = await call(openApiRoute, '/api/dashboard/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(doc);
  });
});
