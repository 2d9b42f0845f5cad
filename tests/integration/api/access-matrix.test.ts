import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { hashPassword } from '@/lib/team/passwords';
import { insertPerson, listPeople } from '@/lib/team/people';
import { createLiveLink, createPersonalToken } from '@/lib/server/actions/tokens';
import { resetTokenThrottleForTests } from '@/lib/session/bearer';
import { allows, alwaysSeesProfit, effectiveSeesProfit, ROLES, seesAllShops, type Role } from '@/lib/team/roles';
import { allRoutes, type Route } from '@/tests/support/api/route-files';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { call, freshIp, ORIGIN, postLogin } from './support';

// Team access, generated from the route list: every dashboard route (every exported method of every
// app/api/dashboard/**/route.ts, with the permission its declaration in lib/endpoints names) is sent
// as each role × a shop granted or not × with and without "can see costs and profit", and signed out. The roles and what each may do are read from the role
// table (lib/team/roles.ts), so a new role or permission is checked here without a change. Each
// answer must be what the table says:
// - a permission the role lacks → 403 FORBIDDEN_ROLE;
// - a shop not granted → exactly the answer for a shop that does not exist (status, code, message);
// - otherwise not refused (a read with a valid range → 200);
// - without costs and profit, no key of a JSON answer and no column of a CSV names a profit,
//   margin, COGS, fee or commission figure (checked with this test's own pattern);
// - every answer carries X-Request-Id, and every error body names the same id in requestId.
// Each role is sent again with a personal access token of that person instead of a cookie
// (Authorization: Bearer): a read answers as the person's session does, every write is 403
// TOKEN_READ_ONLY; a wrong token is 401 INVALID_TOKEN; a live link (the viewer's, of one export)
// answers that export only and is 401 INVALID_TOKEN on every other route.
// A route without a rule fails the first test. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.

/** This test's own idea of a cost or profit figure (the server's list is in lib/team/figures). */
const FORBIDDEN = /profit|margin|cogs|costofgoods|cost of goods|fee|commission/i;
/** The person's own access says whether they see costs and profit: a yes or no, not a figure. */
const ACCESS_FLAGS = new Set(['seesProfit', 'seesProfitSwitch']);

function forbiddenNames(response: Response, text: string): string[] {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/csv')) {
    const header = text.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
    return header.split(',').filter((name) => FORBIDDEN.test(name));
  }
  if (!type.includes('json')) return [];
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (FORBIDDEN.test(key) && !ACCESS_FLAGS.has(key)) found.push(key);
        walk(item);
      }
  };
  walk(JSON.parse(text));
  return found;
}

interface Case {
  name: string;
  email: string;
  password: string;
  role: Role | null;
  seesProfit: boolean;
  cookie: string;
  /** A personal token (sent as Bearer) or, with `live`, a live link's token (sent as access_token). */
  token?: string;
  live?: boolean;
}

/** The export the live link case's link was made of. */
const LIVE_ROUTE = 'GET shops/[shopId]/exports/orders';

// Routes that can end the caller's sessions.
const SIGNS_OUT = new Set(['DELETE session', 'DELETE account/sessions', 'POST account/password']);

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'every route × role × grant × costs-and-profit (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 400, postgres });
    let granted: Shop;
    let other: Shop;
    let routes: Route[];
    const cases: Case[] = [];
    let range = '';
    /** A route's own query beyond the range: a month's journal names a whole month, stored to its end. */
    const extra: Record<string, string> = {};

    async function signIn(email: string, password: string): Promise<string> {
      const response = await postLogin(password, freshIp(), { origin: ORIGIN }, email);
      if (response.status !== 200) throw new Error(`sign-in of ${email} failed: ${response.status}`);
      return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    }

    beforeAll(async () => {
      [granted, other] = [fixture.shops[0]!, fixture.shops[1]!];
      const today = localDayOf(Math.floor(Date.now() / 1000), granted.timezone);
      const from = shiftDay(today, -20);
      const to = shiftDay(today, -2);
      range = `from=${from}&to=${to}&range=custom`;
      for (const shop of [granted, other]) await fixture.engine.sync(shop, { from, to });
      const lastMonthEnd = shiftDay(`${today.slice(0, 7)}-01`, -1);
      for (const shop of [granted, other])
        await fixture.engine.sync(shop, { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd });
      extra['GET shops/[shopId]/exports/journal'] = `&month=${lastMonthEnd.slice(0, 7)}&format=xero`;

      // The demo owner signs in first (the store is empty: it is created from the configuration).
      cases.push({
        name: 'owner',
        email: 'owner@demo.example',
        password: 'demo',
        role: 'owner',
        seesProfit: true,
        cookie: await signIn('owner@demo.example', 'demo'),
      });
      // Every other role of the table, with the switch on and (where it is the person's to have) off.
      const password = 'correct horse battery staple';
      const hash = await hashPassword(password);
      const others = ROLES.filter((role) => role !== 'owner').flatMap((role) =>
        alwaysSeesProfit(role) ? [[role, true] as const] : ([true, false] as const).map((on) => [role, on] as const),
      );
      for (const [role, switchOn] of others) {
        const email = `${role}-${switchOn ? 'full' : 'sales'}@team.example`;
        await insertPerson(fixture.store.db, {
          email,
          name: email,
          role,
          seesProfit: switchOn,
          shops: [granted.id],
          passwordHash: hash,
        });
        cases.push({
          name: `${role}${switchOn ? '' : ' without costs and profit'}`,
          email,
          password,
          role,
          seesProfit: effectiveSeesProfit(role, switchOn),
          cookie: await signIn(email, password),
        });
      }
      cases.push({ name: 'signed out', email: '', password: '', role: null, seesProfit: false, cookie: '' });
      // The same people with a personal access token each, a wrong token, and a live link.
      const people = await listPeople(fixture.store.db);
      for (const c of cases.filter((c) => c.role !== null)) {
        const person = people.find((p) => p.email === c.email)!;
        const { token } = await createPersonalToken(person, { name: 'matrix', expiresInDays: null, shops: null });
        cases.push({ ...c, name: `${c.name} with a token`, cookie: '', token });
      }
      cases.push({ ...cases.at(-1)!, name: 'a wrong token', role: null, seesProfit: false, token: 'spd_pat_wrong' });
      const sales = cases.find((c) => c.role === 'viewer' && !c.seesProfit && !c.token)!;
      const live = await createLiveLink(
        people.find((p) => p.email === sales.email)!,
        { href: `/api/dashboard/shops/${granted.id}/exports/orders?${range}` },
        ORIGIN,
      );
      cases.push({
        ...sales,
        name: "a viewer's live link of the orders export",
        cookie: '',
        token: new URL(live.url).searchParams.get('access_token')!,
        live: true,
      });
      routes = await allRoutes();
    }, 180_000);

    it('every route implements a declaration that says who may call it', () => {
      expect(routes.length).toBeGreaterThan(30);
      const without = routes.filter((r) => r.endpoint?.access === undefined).map((r) => `${r.method} ${r.path}`);
      expect(without).toEqual([]);
    });

    it('a person with one shop sees only it: the shop list, All shops and its SKU ranking', async () => {
      const viewer = cases.find((c) => c.role === 'viewer')!;
      const shopsRoute = routes.find((r) => r.path === 'shops' && r.method === 'GET')!;
      const shops = JSON.parse((await send(shopsRoute, viewer, '')).text) as { data: { items: Shop[] } };
      expect(shops.data.items.map((s) => s.id)).toEqual([granted.id]);
      const allShopsRoute = routes.find((r) => r.path === 'all-shops' && r.method === 'GET')!;
      const allShops = await send(allShopsRoute, viewer, '');
      expect(allShops.status).toBe(200);
      expect(allShops.text).not.toContain(other.id);
      const owner = await send(allShopsRoute, cases[0]!, '');
      expect(owner.text).toContain(other.id);
    });

    async function send(route: Route, c: Case, shopId: string, cookie = c.cookie) {
      const params: Record<string, string> = { shopId, id: 'no-such-entry', token: 'n'.repeat(43), month: '2020-01' };
      const url = `/api/dashboard/${route.path.replace(/\[(\w+)\]/g, (_, k: string) => encodeURIComponent(params[k]!))}`;
      const write = route.method !== 'GET';
      const headers: Record<string, string> = write ? { origin: ORIGIN, 'content-type': 'application/json' } : {};
      if (c.token !== undefined && !c.live) headers.authorization = `Bearer ${c.token}`;
      const link = c.live ? `&access_token=${c.token}` : '';
      const response = await call(
        route.handler as never,
        `${url}?${range}${extra[`${route.method} ${route.path}`] ?? ''}${link}`,
        {
          method: route.method,
          params,
          cookie,
          ip: freshIp(),
          headers,
          body: write && route.method !== 'DELETE' ? '{}' : undefined,
        },
      );
      const text = await response.text();
      let code: string | undefined;
      let message: string | undefined;
      let requestId: string | undefined;
      try {
        const parsed = JSON.parse(text) as { error?: { code: string; message: string; requestId?: string } };
        code = parsed.error?.code;
        message = parsed.error?.message;
        requestId = parsed.error?.requestId;
      } catch {
        // A CSV.
      }
      return { response, status: response.status, code, message, requestId, text };
    }

    it('answers every route for every case as the role table says, and never shows a hidden figure', async () => {
      let checked = 0;
      const problems: string[] = [];
      for (const route of routes) {
        const rule = route.endpoint.access;
        const label = `${route.method} ${route.path}`;
        const scoped = route.path.includes('[shopId]');
        // Each token makes a few requests per route: its throttle (per minute) is not what is checked here.
        resetTokenThrottleForTests();
        for (const c of cases) {
          const own = c.cookie;
          for (const shop of scoped ? [granted, other] : [granted]) {
            const answer = await send(route, c, shop.id, own);
            checked += 1;
            const where = `${label} as ${c.name} on ${scoped ? (shop === granted ? 'a granted shop' : 'a shop not granted') : 'no shop'}`;
            // Every answer names its request; an error body names the same id (README, LOG_LEVEL).
            const header = answer.response.headers.get('x-request-id');
            if (!header || !/^[0-9a-f]{16}$/.test(header)) problems.push(`${where}: X-Request-Id is ${header}`);
            if (answer.status >= 400 && answer.requestId !== header)
              problems.push(`${where}: ${answer.status} body names request ${answer.requestId}, header ${header}`);
            if (c.token !== undefined && route.method !== 'GET') {
              if (answer.status !== 403 || answer.code !== 'TOKEN_READ_ONLY')
                problems.push(`${where}: expected 403 TOKEN_READ_ONLY, got ${answer.status} ${answer.code}`);
              continue;
            }
            if (rule === 'public') {
              if (answer.status === 401 || answer.status === 403) problems.push(`${where}: ${answer.status}`);
              continue;
            }
            if (c.role === null) {
              const code = c.token === undefined ? 'UNAUTHENTICATED' : 'INVALID_TOKEN';
              if (answer.status !== 401 || answer.code !== code)
                problems.push(`${where}: expected 401 ${code}, got ${answer.status} ${answer.code}`);
              continue;
            }
            if (c.live) {
              if (label === LIVE_ROUTE && shop === granted) {
                if (answer.status !== 200) problems.push(`${where}: its own export answered ${answer.status}`);
                const names = forbiddenNames(answer.response, answer.text);
                if (names.length > 0) problems.push(`${where}: shows ${[...new Set(names)].slice(0, 5).join(', ')}`);
              } else if (answer.status !== 401 || answer.code !== 'INVALID_TOKEN')
                problems.push(`${where}: expected 401 INVALID_TOKEN, got ${answer.status} ${answer.code}`);
              continue;
            }
            if (!allows({ role: c.role, seesProfit: c.seesProfit }, rule)) {
              if (answer.status !== 403 || answer.code !== 'FORBIDDEN_ROLE')
                problems.push(`${where}: expected 403 FORBIDDEN_ROLE, got ${answer.status} ${answer.code}`);
              continue;
            }
            const seesShop = seesAllShops(c.role) || shop === granted;
            if (scoped && !seesShop) {
              const unknown = await send(route, c, 'no-such-shop', own);
              if (
                answer.status !== unknown.status ||
                answer.code !== unknown.code ||
                answer.message !== unknown.message
              )
                problems.push(
                  `${where}: answered ${answer.status} ${answer.code} but an unknown shop gets ${unknown.status} ${unknown.code}`,
                );
              continue;
            }
            if ([401, 403].includes(answer.status) || answer.code === 'SHOP_NOT_FOUND')
              problems.push(`${where}: refused with ${answer.status} ${answer.code}`);
            if (
              route.method === 'GET' &&
              !route.path.includes('[id]') &&
              !route.path.includes('[token]') &&
              answer.status !== 200
            )
              problems.push(`${where}: a read answered ${answer.status} ${answer.code} ${answer.message}`);
            if (!c.seesProfit) {
              const names = forbiddenNames(answer.response, answer.text);
              if (names.length > 0) problems.push(`${where}: shows ${[...new Set(names)].slice(0, 5).join(', ')}`);
            }
          }
          // A route that signs its caller out (here or everywhere): the case signs in again.
          if (SIGNS_OUT.has(label) && c.role && c.token === undefined) c.cookie = await signIn(c.email, c.password);
        }
      }
      // Every route × every case (a shop-scoped route twice: granted and not).
      expect(checked).toBeGreaterThan(routes.length * cases.length);
      expect(problems).toEqual([]);
      console.info(`access matrix: ${routes.length} routes × ${cases.length} cases = ${checked} requests`);
    }, 600_000);
  },
);
