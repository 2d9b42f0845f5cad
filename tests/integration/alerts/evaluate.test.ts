import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertInbox, AlertRuleItem, DigestPrefs } from '@/lib/alerts/schemas';
import { withLocale } from '@/lib/format/locale';
import { formatDay, formatDayRange } from '@/lib/format/time';
import type { ConnectedShop } from '@/lib/api/schemas';
import { parseServerConfig, setServerConfigForTests } from '@/lib/config/env';
import { hashPassword } from '@/lib/team/passwords';
import { findByEmail, insertPerson, updatePerson } from '@/lib/team/people';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import {
  localDayOf,
  localDayStart,
  readShop,
  recountSkus,
  shiftDay,
  type OracleCosts,
  type RawShop,
} from '@/tests/support/oracle/recount';
import { DEMO_KEY, DEMO_SECRET } from '@/tests/support/sync/harness';
import { body, call, forKind, freshIp, ORIGIN, postLogin, type ErrorEnvelope } from '../api/support';

// Alerts as a seller notices them, over the embedded service's demo data synced into a fresh store
// (with a unit cost the seller entered for two SKUs, so that some orders lose money): rules made
// through the API open alerts whose subjects are what an independent recount (the oracle, from the
// service's raw orders) and the SKU profit page say is losing money, each linking to the page that
// shows it; a second evaluation opens nothing; reading and muting are per person; an alert clears
// when its condition stops and a new one opens when it holds again; a rule stays on its shop; bad
// input is refused with a sentence; the daily digest reaches each person once per shop with the SKU
// report's own figures (without profit for those who may not see it). On SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.

const alertsRoute = await import('@/app/api/dashboard/alerts/route');
const readRoute = await import('@/app/api/dashboard/alerts/read/route');
const rulesRoute = await import('@/app/api/dashboard/alert-rules/route');
const muteRoute = await import('@/app/api/dashboard/alert-rules/[id]/mute/route');
const digestRoute = await import('@/app/api/dashboard/account/digest/route');
const shopsRoute = await import('@/app/api/dashboard/shops/route');
const skuRoute = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');
const cogsRoute = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'cogs');
const fulfilmentRoute = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'),
  'fulfilment',
);
const cogsEntryRoute = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route'), 'cogs');
const { evaluateShop } = await import('@/lib/server/alert-jobs');
const { runDigests } = await import('@/lib/server/digest-run');

const DAY = 86_400;
const SWITCHES = { includeCancelled: false, includeSamples: false };

const mails: ParsedMail[] = [];
/** How the SMTP server answers RCPT TO: accept, or refuse with a code (451 for now, 550 for good). */
let refuseRcpt: number | null = null;
/** An SMTP server on loopback that keeps what it receives (one per store: a closed server does not listen again). */
const smtpServer = () =>
  new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(_address, _session, done) {
      if (refuseRcpt === null) return done();
      const refusal = Object.assign(new Error(refuseRcpt >= 500 ? 'No such mailbox' : 'Try again later'), {
        responseCode: refuseRcpt,
      });
      done(refusal);
    },
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => mails.push(mail))
        .then(() => done(), done);
    },
  });

/** The order numbers of a shop's orders, read from the service as any client would. */
async function orderNumbers(
  fetch: (request: Request) => Promise<Response>,
  shopId: string,
  fromUnix: number,
  toUnix: number,
): Promise<Map<string, string>> {
  const headers = { 'X-App-Key': DEMO_KEY, 'X-App-Secret': DEMO_SECRET, 'X-Shop-Id': shopId };
  const out = new Map<string, string>();
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      startDate: String(fromUnix),
      endDate: String(toUnix),
      page: String(page),
      limit: '100',
    });
    const response = await fetch(new Request(`http://oracle.invalid/api/v1/orders-by-product?${query}`, { headers }));
    const answer = (await response.json()) as {
      success: boolean;
      data: { items: { id: string; orderNumber: string }[]; pagination: { totalPages: number } };
    };
    if (!answer.success) throw new Error(`reading the orders failed: ${JSON.stringify(answer)}`);
    for (const o of answer.data.items) out.set(o.id, o.orderNumber);
    if (page >= answer.data.pagination.totalPages) return out;
  }
}

/** Money as the email writes it ("-$1,234.56", "£12.00") → cents. */
function centsOf(text: string): number {
  const plain = text.replace(/[^\d.-]/g, '');
  return Math.round(Number(plain) * 100);
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])('alerts (postgres: %s)', (postgres) => {
  const fixture = routesFixture({ orders: 3_000, postgres });
  let shopA: ConnectedShop;
  let shopB: ConnectedShop;
  let visible: ConnectedShop[];
  let now = 0;
  /** When the store last read shop A's orders (the rules look at every stored order since their day). */
  let syncedAt = 0;
  let todayA = '';
  let rawA: RawShop;
  let numbersA: Map<string, string>;
  /** The seller's own unit costs on shop A (as the oracle reads them). */
  const costsA: OracleCosts = { adSpend: [], expenses: [], cogs: [], fulfilment: [], allocate: false };
  let owner = '';
  const people: Record<string, { email: string; cookie: string }> = {};
  const password = 'correct horse battery staple';
  const rules: Record<string, AlertRuleItem> = {};

  async function signIn(email: string, secret: string): Promise<string> {
    const response = await postLogin(secret, freshIp(), { origin: ORIGIN }, email);
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  /** An order's own net profit, recounted by the oracle with the seller's costs. */
  const netProfitOf = (order: RawShop['orders'][number]) => {
    const day = localDayOf(order.createTime, shopA.timezone);
    return recountSkus({ ...rawA, orders: [order] }, { from: day, to: day }, SWITCHES, undefined, costsA).totals
      .netProfit;
  };

  /** The counted orders since yesterday's shop-local start on shop A that lose money (the oracle's count). */
  const losingOrders = () => {
    const since = localDayStart(shiftDay(todayA, -1), shopA.timezone);
    return rawA.orders
      .filter((o) => o.createTime >= since && o.createTime <= syncedAt / 1000)
      .filter((o) => o.status.toUpperCase() !== 'CANCELLED' && o.sampleOrder !== 'YES')
      .filter((o) => netProfitOf(o) < 0);
  };
  /** The subject of each alert (`order:<id>`, `sku:<id>`), as the store keeps it. */
  const subjectsOf = async () =>
    new Map(
      (await fixture.store.db.selectFrom('st_alert').select(['id', 'subject']).execute()).map((r) => [r.id, r.subject]),
    );
  const cogsIds: string[] = [];

  const write = (cookie: string, method = 'POST') => ({
    method,
    cookie,
    ip: freshIp(),
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
  });
  const postRule = (cookie: string, rule: Record<string, unknown>) =>
    call(rulesRoute.POST, '/api/dashboard/alert-rules', {
      ...write(cookie),
      body: JSON.stringify({ channels: [], ...rule }),
    });
  const getInbox = async (cookie: string) => {
    const response = await call(alertsRoute.GET, '/api/dashboard/alerts', { cookie, ip: freshIp() });
    expect(response.status).toBe(200);
    return (await body<{ data: AlertInbox }>(response)).data;
  };
  const skuReport = async (shop: ConnectedShop, from: string, to: string) => {
    const response = await call(
      skuRoute.GET,
      `/api/dashboard/shops/${shop.id}/reports/sku-profit?range=custom&from=${from}&to=${to}`,
      { cookie: owner, ip: freshIp(), params: { shopId: shop.id } },
    );
    expect(response.status).toBe(200);
    const data = (
      await body<{
        data: {
          report: {
            rows: { skuId: string; netProfit: number; lines: number }[];
            totals: { netSales: number; netProfit: number };
          };
        };
      }>(response)
    ).data;
    return data.report;
  };

  beforeAll(async () => {
    // The demo owner signs in first (the store is empty: it is created from the configuration).
    owner = await signIn('owner@demo.example', 'demo');
    const shops = await call(shopsRoute.GET, '/api/dashboard/shops', { cookie: owner, ip: freshIp() });
    visible = (await body<{ data: { items: ConnectedShop[] } }>(shops)).data.items;
    [shopA, shopB] = [visible[0]!, visible[1]!];
    // The test evaluates at now and up to 30 minutes later, all within one shop-local day of shop A
    // (a rule's "since yesterday" moves at its midnight): within 31 minutes of that midnight, the
    // test's now is 31 minutes before it.
    const realNow = Date.now();
    const realToday = localDayOf(Math.floor(realNow / 1000), shopA.timezone);
    now = Math.min(realNow, localDayStart(shiftDay(realToday, 1), shopA.timezone) * 1000 - 31 * 60_000);
    // The last 35 days of every shop (the SKU rule's 30 days, yesterday's digest, today's orders).
    for (const shop of visible) {
      const today = localDayOf(Math.floor(now / 1000), shop.timezone);
      await fixture.engine.sync(shop, { from: shiftDay(today, -35), to: today });
    }
    syncedAt = Date.now();
    todayA = localDayOf(Math.floor(now / 1000), shopA.timezone);
    const fetch = (request: Request) => fixture.svc.handler.handle(request, { clientIp: '127.0.0.1' });
    const since = localDayStart(shiftDay(todayA, -1), shopA.timezone);
    rawA = await readShop(fetch, DEMO_KEY, DEMO_SECRET, shopA.id, shopA.timezone, since - 31 * DAY, since + 3 * DAY);
    numbersA = await orderNumbers(fetch, shopA.id, since - DAY, since + 3 * DAY);

    const hash = await hashPassword(password);
    for (const [name, role, seesProfit, shopIds] of [
      ['editor', 'editor', true, [shopA.id]],
      ['editor-sales', 'editor', false, [shopA.id]],
      ['viewer', 'viewer', true, [shopA.id]],
      ['viewer-sales', 'viewer', false, [shopA.id]],
    ] as const) {
      const email = `${name}@team.example`;
      await insertPerson(fixture.store.db, {
        email,
        name,
        role,
        seesProfit,
        shops: [...shopIds],
        passwordHash: hash,
      });
      people[name] = { email, cookie: await signIn(email, password) };
    }
  }, 150_000);

  afterAll(async () => {
    setServerConfigForTests(undefined);
  });

  it('opens an alert for each losing order and SKU, as recounted, each linking to its page', async () => {
    // Losing orders are rare in the demo data: the seller enters a unit cost of three times the
    // catalog price, from 3 days ago, for the two SKUs on most order lines since yesterday.
    const since = localDayStart(shiftDay(todayA, -1), shopA.timezone);
    const counts = new Map<string, number>();
    for (const o of rawA.orders)
      if (o.createTime >= since) for (const l of o.lines) counts.set(l.skuId, (counts.get(l.skuId) ?? 0) + 1);
    const top = [...counts]
      .filter(([sku]) => rawA.prices.get(sku))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 2)
      .map(([sku]) => sku);
    expect(top.length).toBeGreaterThan(0);
    for (const skuId of top) {
      const unitCostCents = rawA.prices.get(skuId)! * 3;
      const fromDay = shiftDay(todayA, -3);
      const response = await call(cogsRoute.POST, `/api/dashboard/shops/${shopA.id}/your-costs/cogs`, {
        ...write(owner),
        params: { shopId: shopA.id },
        body: JSON.stringify({ skuId, fromDay, unitCost: (unitCostCents / 100).toFixed(2) }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      costsA.cogs.push({ skuId, fromDay, unitCostCents });
      cogsIds.push((await body<{ data: { item: { id: string } } }>(response)).data.item.id);
    }
    // And a fulfilment fee per order: an order's own net profit pays it once (lib/costs/charges).
    const fee = { skuId: null, fromDay: shiftDay(todayA, -3), per: 'order' as const, amountCents: 150 };
    const feeResponse = await call(fulfilmentRoute.POST, `/api/dashboard/shops/${shopA.id}/your-costs/fulfilment`, {
      ...write(owner),
      params: { shopId: shopA.id },
      body: JSON.stringify({ fromDay: fee.fromDay, per: fee.per, amount: '1.50' }),
    });
    expect(feeResponse.status, await feeResponse.clone().text()).toBe(201);
    costsA.fulfilment.push(fee);

    const orderRule = await postRule(owner, { shopId: shopA.id, kind: 'order-loss', params: { amount: 0 } });
    expect(orderRule.status, await orderRule.clone().text()).toBe(201);
    rules.order = (await body<{ data: AlertRuleItem }>(orderRule)).data;
    const skuRule = await postRule(owner, { shopId: shopA.id, kind: 'sku-loss', params: { days: 30, minLines: 1 } });
    expect(skuRule.status, await skuRule.clone().text()).toBe(201);
    rules.sku = (await body<{ data: AlertRuleItem }>(skuRule)).data;
    expect(rules.sku).toMatchObject({ shopId: shopA.id, kind: 'sku-loss', enabled: true, open: 0 });

    const opened = await evaluateShop(shopA.id, undefined, now);
    const inbox = await getInbox(owner);
    expect(inbox.items.length).toBe(opened);
    expect(inbox.unread).toBe(opened);
    expect(inbox.items.every((a) => !a.read && a.clearedAt === null && a.shopId === shopA.id)).toBe(true);

    // Order losses: the raw orders since yesterday's shop-local start, counted (not cancelled, not
    // sample), whose own lines' net profit (recounted by the oracle, with the seller's costs) is below 0.
    const expectedOrders = losingOrders();
    const orderAlerts = inbox.items.filter((a) => a.ruleId === rules.order!.id);
    expect(orderAlerts.map((a) => a.kind).every((k) => k === 'order-loss')).toBe(true);
    expect(expectedOrders.length).toBeGreaterThan(0);
    const subjects = await subjectsOf();
    expect(orderAlerts.map((a) => subjects.get(a.id)).sort()).toEqual(
      expectedOrders.map((o) => `order:${o.id}`).sort(),
    );
    for (const alert of orderAlerts) {
      const order = expectedOrders.find((o) => `order:${o.id}` === subjects.get(alert.id))!;
      const day = localDayOf(order.createTime, shopA.timezone);
      const link = new URL(alert.link, ORIGIN);
      expect(link.pathname).toBe('/orders');
      expect(Object.fromEntries(link.searchParams)).toMatchObject({
        shop: shopA.id,
        range: 'custom',
        from: day,
        to: day,
        orderNumber: numbersA.get(order.id),
      });
      expect(alert.figure).toMatchObject({
        value: netProfitOf(order),
        baseline: 0,
        unit: 'money',
        currency: shopA.currency,
      });
    }

    // SKU losses: the SKU profit page's rows of the same 30 days with a negative net profit.
    const from = shiftDay(todayA, -29);
    const report = await skuReport(shopA, from, todayA);
    const losing = report.rows.filter((r) => r.netProfit < 0 && r.lines >= 1);
    expect(losing.length).toBeGreaterThan(0);
    // The page agrees with the oracle's recount of the same days with the seller's costs.
    const recounted = recountSkus(rawA, { from, to: todayA }, SWITCHES, undefined, costsA);
    expect(losing.map((r) => r.skuId).sort()).toEqual(
      recounted.rows
        .filter((r) => r.netProfit < 0)
        .map((r) => r.skuId)
        .sort(),
    );
    const skuAlerts = inbox.items.filter((a) => a.ruleId === rules.sku!.id);
    const skuOf = (link: string) => new URL(link, ORIGIN).searchParams.get('q');
    expect(skuAlerts.map((a) => skuOf(a.link)).sort()).toEqual(losing.map((r) => r.skuId).sort());
    for (const alert of skuAlerts) {
      const link = new URL(alert.link, ORIGIN);
      expect(link.pathname).toBe('/sku-profit');
      expect(Object.fromEntries(link.searchParams)).toMatchObject({
        shop: shopA.id,
        range: 'custom',
        from,
        to: todayA,
      });
      const row = losing.find((r) => r.skuId === skuOf(alert.link))!;
      expect(alert.figure.value).toBe(row.netProfit);
    }
    expect(orderAlerts.length + skuAlerts.length).toBe(opened);

    // Each reader reads an alert's figures and days in their own locale: the same alerts, asked
    // for by a browser that prefers German, name the same net profit and range the German way.
    const asked = await call(alertsRoute.GET, '/api/dashboard/alerts', {
      cookie: owner,
      ip: freshIp(),
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    const german = new Map((await body<{ data: AlertInbox }>(asked)).data.items.map((a) => [a.id, a]));
    const amount = (locale: string, cents: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: shopA.currency }).format(cents / 100);
    for (const alert of skuAlerts) {
      const row = losing.find((r) => r.skuId === skuOf(alert.link))!;
      expect(alert.message).toContain(`made a net profit of ${amount('en-US', row.netProfit)} on`);
      expect(alert.message).toContain(`(${withLocale('en-US', () => formatDayRange(from, todayA))})`);
      const de = german.get(alert.id)!;
      expect(de.message).toContain(`made a net profit of ${amount('de-DE', row.netProfit)} on`);
      expect(de.message).toContain(`(${withLocale('de-DE', () => formatDayRange(from, todayA))})`);
      expect(de.title).toBe(alert.title); // "<seller SKU> is losing money": no figure in it
    }

    // The rules list counts them as open.
    const listed = await call(rulesRoute.GET, '/api/dashboard/alert-rules', { cookie: owner, ip: freshIp() });
    const items = (await body<{ data: { items: AlertRuleItem[] } }>(listed)).data.items;
    expect(items.find((r) => r.id === rules.order!.id)?.open).toBe(orderAlerts.length);
    expect(items.find((r) => r.id === rules.sku!.id)?.open).toBe(skuAlerts.length);
  }, 60_000);

  it('opens nothing again within the cooldown; reading and muting change only that person’s inbox', async () => {
    const before = await getInbox(owner);
    expect(await evaluateShop(shopA.id, undefined, now + 5 * 60_000)).toBe(0);
    const again = await getInbox(owner);
    expect(again.items.map((a) => a.id).sort()).toEqual(before.items.map((a) => a.id).sort());
    expect(again.unread).toBe(before.unread);
    expect(again.items.every((a) => a.clearedAt === null)).toBe(true);

    const read = await call(readRoute.POST, '/api/dashboard/alerts/read', {
      ...write(owner),
      body: JSON.stringify({ all: true }),
    });
    expect(read.status).toBe(200);
    expect((await body<{ data: { unread: number } }>(read)).data.unread).toBe(0);
    const after = await getInbox(owner);
    expect(after.unread).toBe(0);
    expect(after.items.every((a) => a.read)).toBe(true);

    // The editor of shop A (with costs and profit) sees the same alerts, unread.
    const editor = await getInbox(people.editor!.cookie);
    expect(editor.items.map((a) => a.id).sort()).toEqual(before.items.map((a) => a.id).sort());
    expect(editor.unread).toBe(before.items.length);

    const mute = await call(muteRoute.PUT, `/api/dashboard/alert-rules/${rules.sku!.id}/mute`, {
      ...write(owner, 'PUT'),
      params: { id: rules.sku!.id },
      body: JSON.stringify({ muted: true }),
    });
    expect(mute.status).toBe(200);
    expect((await body<{ data: AlertRuleItem }>(mute)).data.muted).toBe(true);
    const muted = await getInbox(owner);
    expect(muted.items.length).toBeGreaterThan(0);
    expect(muted.items.every((a) => a.ruleId === rules.order!.id)).toBe(true);
    const editorAfter = await getInbox(people.editor!.cookie);
    expect(editorAfter.items.some((a) => a.ruleId === rules.sku!.id)).toBe(true);
    expect(editorAfter.items.length).toBe(editor.items.length);
    expect(editorAfter.unread).toBe(editor.unread);

    // A person without costs and profit sees none of these alerts (they name profit).
    const sales = await getInbox(people['viewer-sales']!.cookie);
    expect(sales).toEqual({ items: [], unread: 0 });
  }, 60_000);

  it('a rule on shop A never alerts for shop B', async () => {
    // In one order on both databases (PostgreSQL returns rows in the order it finds them).
    const alertsOf = () =>
      fixture.store.db
        .selectFrom('st_alert')
        .select(['shop_id', 'rule_id', 'link', 'cleared_at'])
        .orderBy('rule_id')
        .orderBy('link')
        .execute();
    const before = await alertsOf();
    expect(await evaluateShop(shopB.id, undefined, now)).toBe(0);
    expect(await alertsOf()).toEqual(before);

    // Shop B's own rule (every SKU with a margin below 100%) alerts for B's SKUs, under B's rule
    // only; A's alerts stay as they were.
    const bRule = await postRule(owner, {
      shopId: shopB.id,
      kind: 'sku-margin',
      params: { days: 30, minLines: 1, belowPercent: 100, dropPoints: null },
    });
    expect(bRule.status).toBe(201);
    const bRuleId = (await body<{ data: AlertRuleItem }>(bRule)).data.id;
    const openedB = await evaluateShop(shopB.id, undefined, now);
    expect(openedB).toBeGreaterThan(0);
    expect(await evaluateShop(shopA.id, undefined, now + 10 * 60_000)).toBe(0);
    const all = await alertsOf();
    expect(all.filter((a) => a.shop_id === shopB.id)).toHaveLength(openedB);
    for (const a of all) {
      const shop = a.rule_id === bRuleId ? shopB.id : shopA.id;
      expect(a.shop_id).toBe(shop);
      expect(new URL(a.link, ORIGIN).searchParams.get('shop')).toBe(shop);
    }
    expect(all.filter((a) => a.shop_id === shopA.id)).toEqual(before);
  }, 60_000);

  it('clears an alert when its condition stops holding, and opens a new one when it holds again', async () => {
    // The editor's inbox: both rules, nothing muted.
    const editor = people.editor!.cookie;
    const before = (await getInbox(editor)).items;
    for (const id of cogsIds.splice(0)) {
      const response = await call(cogsEntryRoute.DELETE, `/api/dashboard/shops/${shopA.id}/your-costs/cogs/${id}`, {
        ...write(owner, 'DELETE'),
        params: { shopId: shopA.id, id },
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    const entered = costsA.cogs.splice(0);
    expect(await evaluateShop(shopA.id, undefined, now + 20 * 60_000)).toBe(0);
    const subjects = await subjectsOf();
    const after = (await getInbox(editor)).items;
    expect(after.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
    const stillOpen = after.filter((a) => a.clearedAt === null && a.ruleId === rules.order!.id);
    expect(stillOpen.map((a) => subjects.get(a.id)).sort()).toEqual(
      losingOrders()
        .map((o) => `order:${o.id}`)
        .sort(),
    );
    const cleared = after.filter((a) => a.clearedAt !== null);
    expect(cleared.length).toBeGreaterThan(0);
    expect(cleared.every((a) => a.clearedAt === now + 20 * 60_000)).toBe(true);

    // The seller enters the costs again: the same subjects lose money again, each a new alert, unread.
    for (const c of entered) {
      const response = await call(cogsRoute.POST, `/api/dashboard/shops/${shopA.id}/your-costs/cogs`, {
        ...write(owner),
        params: { shopId: shopA.id },
        body: JSON.stringify({ skuId: c.skuId, fromDay: c.fromDay, unitCost: (c.unitCostCents / 100).toFixed(2) }),
      });
      expect(response.status).toBe(201);
      costsA.cogs.push(c);
      cogsIds.push((await body<{ data: { item: { id: string } } }>(response)).data.item.id);
    }
    expect(await evaluateShop(shopA.id, undefined, now + 30 * 60_000)).toBe(cleared.length);
    const again = (await getInbox(editor)).items;
    const reopened = again.filter((a) => a.openedAt === now + 30 * 60_000);
    const subjectsNow = await subjectsOf();
    expect(reopened.map((a) => subjectsNow.get(a.id)).sort()).toEqual(cleared.map((a) => subjects.get(a.id)).sort());
    expect(reopened.every((a) => a.clearedAt === null && !a.read)).toBe(true);
    // The owner read shop A's alerts before and muted the SKU rule: the reopened order alerts are unread.
    const owners = await getInbox(owner);
    expect(
      owners.items
        .filter((a) => !a.read && a.shopId === shopA.id)
        .map((a) => a.id)
        .sort(),
    ).toEqual(
      reopened
        .filter((a) => a.ruleId === rules.order!.id)
        .map((a) => a.id)
        .sort(),
    );
  }, 60_000);

  it('refuses bad input with a sentence: thresholds, kinds, shops, roles, costs and profit', async () => {
    const expectError = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      return (await body<ErrorEnvelope>(response)).error;
    };
    const days = await expectError(
      await postRule(owner, { shopId: shopA.id, kind: 'sku-loss', params: { days: 91, minLines: 1 } }),
      400,
    );
    expect(days.message).toMatch(/number of days must be at most 90/);
    const amount = await expectError(
      await postRule(owner, { shopId: shopA.id, kind: 'order-loss', params: { amount: -5 } }),
      400,
    );
    expect(amount.message).toMatch(/amount must be at least 0/);
    const kind = await expectError(await postRule(owner, { shopId: shopA.id, kind: 'weather', params: {} }), 400);
    expect(kind.message).toMatch(/kind/);

    const editor = people.editor!.cookie;
    const notGranted = await postRule(editor, { shopId: shopB.id, kind: 'order-loss', params: { amount: 0 } });
    const unknown = await postRule(editor, { shopId: 'no-such-shop', kind: 'order-loss', params: { amount: 0 } });
    expect(notGranted.status).toBe(404);
    const [a, b] = [await body<ErrorEnvelope>(notGranted), await body<ErrorEnvelope>(unknown)];
    expect(unknown.status).toBe(404);
    expect({ code: a.error.code, message: a.error.message }).toEqual({ code: b.error.code, message: b.error.message });

    await expectError(
      await postRule(people.viewer!.cookie, { shopId: shopA.id, kind: 'order-loss', params: { amount: 0 } }),
      403,
    );
    const sales = people['editor-sales']!.cookie;
    const forbidden = await expectError(
      await postRule(sales, { shopId: shopA.id, kind: 'sku-loss', params: { days: 7, minLines: 1 } }),
      403,
    );
    expect(forbidden.message).toMatch(/costs or profit/);
    // A refund spike names refunds with their fees, which such a person must not be able to work out.
    const refunds = await expectError(
      await postRule(sales, {
        shopId: shopA.id,
        kind: 'refund-spike',
        params: { percentOfSales: 20, medianMultiple: 3 },
      }),
      403,
    );
    expect(refunds.message).toMatch(/costs or profit/);
    const noProfit = await call(rulesRoute.GET, '/api/dashboard/alert-rules', { cookie: sales, ip: freshIp() });
    const kinds = (await body<{ data: { kinds: { kind: string }[] } }>(noProfit)).data.kinds.map((k) => k.kind);
    expect(kinds).toEqual(['no-orders', 'sync-stale']);
    // Nothing refused was stored.
    const stored = await call(rulesRoute.GET, '/api/dashboard/alert-rules', { cookie: owner, ip: freshIp() });
    const items = (await body<{ data: { items: AlertRuleItem[] } }>(stored)).data.items;
    expect(items.map((r) => r.kind).sort()).toEqual(['order-loss', 'sku-loss', 'sku-margin']);
  }, 60_000);

  describe('the daily digest', () => {
    let port = 0;
    const smtp = smtpServer();
    /**
     * The digests' clock: the test's start, or earlier, so that no shop's day ends within the 41
     * minutes the retries below move it on (a shop's new day is a new digest, a mail this test does
     * not expect). Its yesterday is still a day the fixture synced.
     */
    let at = 0;
    beforeAll(async () => {
      const oneDay = (t: number) =>
        visible.every(
          (shop) =>
            localDayOf(Math.floor(t / 1000), shop.timezone) ===
            localDayOf(Math.floor((t + 41 * 60_000) / 1000), shop.timezone),
        );
      at = now;
      while (!oneDay(at)) at -= 10 * 60_000;
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      port = (smtp.server.address() as AddressInfo).port;
      setServerConfigForTests(
        parseServerConfig({
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          MAIL_FROM: 'digest@shop.example',
          PUBLIC_URL: 'https://dash.shop.example',
        }),
      );
    });
    afterAll(async () => {
      setServerConfigForTests(undefined);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });

    const saveDigest = async (cookie: string, attachXlsx: boolean) => {
      const response = await call(digestRoute.PUT, '/api/dashboard/account/digest', {
        ...write(cookie, 'PUT'),
        body: JSON.stringify({ daily: true, weekly: false, hour: 0, attachXlsx }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      expect((await body<{ data: { emailEnabled: boolean } }>(response)).data).toMatchObject({
        daily: true,
        emailEnabled: true,
      });
    };

    it('sends yesterday’s digest once per shop, with the SKU report’s figures and its workbook', async () => {
      mails.length = 0;
      await saveDigest(owner, true);
      await runDigests(at);
      expect(mails.length).toBe(visible.length);
      await runDigests(at + 60_000);
      expect(mails.length).toBe(visible.length);

      for (const shop of visible) {
        const yesterday = shiftDay(localDayOf(Math.floor(at / 1000), shop.timezone), -1);
        // The subject names the day as the recipient's dashboard does (en-US: they chose none).
        const day = withLocale('en-US', () => formatDay(yesterday));
        const mail = mails.find((m) => m.subject?.startsWith(`${shop.shopName}, ${day}: `));
        expect(mail, `the digest of ${shop.shopName}`).toBeDefined();
        expect(mail!.to).toMatchObject({ value: [{ address: 'owner@demo.example' }] });
        const report = await skuReport(shop, yesterday, yesterday);
        const text = mail!.text ?? '';
        expect(centsOf(/^Net sales: (\S+)/m.exec(text)![1]!)).toBe(report.totals.netSales);
        expect(centsOf(/^Net profit: (\S+)/m.exec(text)![1]!)).toBe(report.totals.netProfit);
        const workbooks = mail!.attachments.filter((a) => a.filename?.endsWith('.xlsx'));
        expect(workbooks).toHaveLength(1);
        expect(workbooks[0]!.content.subarray(0, 2).toString()).toBe('PK');
      }
    }, 60_000);

    it('gives a person without costs and profit the sales only, without the workbook', async () => {
      mails.length = 0;
      const viewer = people['viewer-sales']!;
      await saveDigest(viewer.cookie, true);
      await runDigests(at);
      expect(mails.length).toBe(1);
      const mail = mails[0]!;
      expect(mail.to).toMatchObject({ value: [{ address: viewer.email }] });
      const yesterday = shiftDay(localDayOf(Math.floor(at / 1000), shopA.timezone), -1);
      expect(mail.subject?.startsWith(`${shopA.shopName}, ${withLocale('en-US', () => formatDay(yesterday))}: `)).toBe(
        true,
      );
      const report = await skuReport(shopA, yesterday, yesterday);
      const text = mail.text ?? '';
      expect(centsOf(/^Net sales: (\S+)/m.exec(text)![1]!)).toBe(report.totals.netSales);
      expect(`${mail.subject}\n${text}`).not.toMatch(/profit|margin/i);
      expect(mail.attachments).toHaveLength(0);
    }, 60_000);

    it('writes the digest in its recipient’s locale: de-DE amounts read back with its separators as the cents', async () => {
      const db = fixture.store.db;
      const { person } = (await findByEmail(db, 'owner@demo.example'))!;
      await updatePerson(db, person.id, { locale: 'de-DE' });
      try {
        await db.deleteFrom('st_digest_sent').where('person_id', '=', person.id).execute();
        mails.length = 0;
        await saveDigest(owner, false);
        await runDigests(at);
        const shop = visible.find((s) => s.currency === 'EUR') ?? visible[0]!;
        const yesterday = shiftDay(localDayOf(Math.floor(at / 1000), shop.timezone), -1);
        const mail = mails.find((m) =>
          m.subject?.startsWith(`${shop.shopName}, ${withLocale('de-DE', () => formatDay(yesterday))}: `),
        )!;
        const text = mail.text ?? '';
        const report = await skuReport(shop, yesterday, yesterday);
        const german = (figure: string) => Math.round(Number(figure.replaceAll('.', '').replace(',', '.')) * 100);
        const sales = /^Net sales: (-?[\d.]+,\d{2})\s/m.exec(text);
        expect(sales, text).not.toBeNull();
        expect(german(sales![1]!)).toBe(report.totals.netSales);
        expect(german(/^Net profit: (-?[\d.]+,\d{2})\s/m.exec(text)![1]!)).toBe(report.totals.netProfit);
        expect(text).toMatch(/^Margin: -?\d+,\d\s%/m);
      } finally {
        await updatePerson(db, person.id, { locale: null });
      }
    }, 60_000);

    it('sends a digest the mail server refused for now once it accepts; a permanent refusal is failed, with its reason', async () => {
      const viewer = people['viewer-sales']!;
      const digest = async () =>
        (
          await body<{ data: DigestPrefs }>(
            await call(digestRoute.GET, '/api/dashboard/account/digest', { cookie: viewer.cookie, ip: freshIp() }),
          )
        ).data;
      const { id: personId } = await fixture.store.db
        .selectFrom('st_person')
        .select('id')
        .where('email', '=', viewer.email)
        .executeTakeFirstOrThrow();
      await fixture.store.db.deleteFrom('st_digest_sent').where('person_id', '=', personId).execute();
      mails.length = 0;
      refuseRcpt = 451;
      await runDigests(at);
      expect(mails).toHaveLength(0);
      expect((await digest()).last).toMatchObject({ state: 'retry', shopId: shopA.id });
      refuseRcpt = null;
      await runDigests(at + 5 * 60_000); // refused less than 15 minutes ago: not yet
      expect(mails).toHaveLength(0);
      await runDigests(at + 16 * 60_000);
      expect(mails).toHaveLength(1);
      expect((await digest()).last).toMatchObject({ state: 'sent', error: null });
      await runDigests(at + 40 * 60_000);
      expect(mails).toHaveLength(1);

      await fixture.store.db.deleteFrom('st_digest_sent').where('person_id', '=', personId).execute();
      refuseRcpt = 550;
      await runDigests(at);
      await runDigests(at + 20 * 60_000);
      refuseRcpt = null;
      expect(mails).toHaveLength(1);
      const last = (await digest()).last!;
      expect(last.state).toBe('failed');
      expect(last.error).toBe(`the mail server refused ${viewer.email} (550)`);
    }, 60_000);
  });
});
