import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shop } from '@/lib/contract';
import { DashboardError } from '@/lib/api/dashboard-error';
import { createPersonalToken, revokeToken } from '@/lib/server/actions/tokens';
import { requireTokenPerson, resetTokenThrottleForTests, TOKEN_REQUESTS_PER_MINUTE } from '@/lib/session/bearer';
import { deletePerson, getPerson, insertPerson, listTeamAudit, setGrants, type Person } from '@/lib/team/people';
import { createAccessToken } from '@/lib/team/tokens';
import { hashPassword } from '@/lib/team/passwords';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { call, freshIp, ORIGIN, postLogin } from './support';

// Personal access tokens, the core the route wrapper and the MCP server stand on
// (lib/session/bearer requireTokenPerson): a token is its person's access as the store has it at
// each use, narrowed to its shops; every token that cannot be used gets one identical 401; the
// throttle counts per token; each creation, refused use and revocation is in the Team history.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const { GET: shopsRoute } = await import('@/app/api/dashboard/shops/route');
const { GET: ordersRoute } = await import('@/app/api/dashboard/shops/[shopId]/orders/route');
const { GET: ordersExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/orders/route');
const { GET: refundsExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/refunds/route');
const { GET: accountRoute, PATCH: renameRoute } = await import('@/app/api/dashboard/account/route');
const { GET: myTokens, POST: makeToken } = await import('@/app/api/dashboard/account/tokens/route');
const { DELETE: revokeRoute } = await import('@/app/api/dashboard/account/tokens/[id]/route');
const { POST: makeLiveLink } = await import('@/app/api/dashboard/account/live-links/route');
const { GET: teamTokens } = await import('@/app/api/dashboard/team/tokens/route');

type Route = Parameters<typeof call>[0];
const PASSWORD = 'a long and uncommon passphrase';

/** Calls a route with a cookie, a token, or neither, as a program or the page would. */
async function send(
  route: Route,
  path: string,
  auth: { cookie?: string; token?: string },
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
) {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (method !== 'GET') Object.assign(headers, { origin: ORIGIN, 'content-type': 'application/json' });
  const response = await call(route, path, {
    method,
    cookie: auth.cookie,
    params: init.params,
    ip: freshIp(),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text, response };
}

/** An answer without its request id (which differs on every request by design). */
const withoutRequestId = (text: string) => text.replace(/"requestId":"[0-9a-f]+"/g, '');

const bearer = (token: string) =>
  new Request(`${ORIGIN}/api/mcp`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

async function refusal(request: Request): Promise<{ status: number; code: string; message: string }> {
  try {
    await requireTokenPerson(request);
  } catch (error) {
    if (error instanceof DashboardError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the token was accepted');
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])('access tokens (postgres: %s)', (postgres) => {
  const fixture = routesFixture({ orders: 200, postgres });
  let shops: Shop[];
  let viewer: Person;
  const db = () => fixture.store.db;

  let viewerCookie = '';
  let ownerCookie = '';
  let range = '';

  beforeAll(async () => {
    shops = fixture.shops;
    // The demo owner signs in first: an empty store gets them from the configuration.
    const cookieOf = async (response: Promise<Response>) =>
      ((await response).headers.get('set-cookie') ?? '').split(';')[0]!;
    ownerCookie = await cookieOf(postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example'));
    const id = await insertPerson(db(), {
      email: 'viewer@team.example',
      name: 'Vera Viewer',
      role: 'viewer',
      seesProfit: false,
      shops: [shops[0]!.id, shops[1]!.id],
      passwordHash: await hashPassword(PASSWORD),
    });
    viewer = (await getPerson(db(), id))!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shops[0]!.timezone);
    const [from, to] = [shiftDay(today, -20), shiftDay(today, -2)];
    range = `from=${from}&to=${to}&range=custom`;
    for (const shop of shops.slice(0, 2)) await fixture.engine.sync(shop, { from, to });
    viewerCookie = await cookieOf(postLogin(PASSWORD, freshIp(), { origin: ORIGIN }, 'viewer@team.example'));
  }, 180_000);

  it("serves the token's person as the store has them now, narrowed to the token's shops", async () => {
    const all = await createPersonalToken(viewer, { name: 'Sheets', expiresInDays: null, shops: null });
    expect(all.token).toMatch(/^spd_pat_[A-Za-z0-9_-]{43}$/);
    expect(all.item.hint).toBe(`${all.token.slice(0, 12)}…`);
    const served = await requireTokenPerson(bearer(all.token));
    expect(served).toMatchObject({ id: viewer.id, role: 'viewer', seesProfit: false });
    expect(served.shops).toEqual([shops[0]!.id, shops[1]!.id].sort());

    const one = await createPersonalToken(viewer, { name: 'One shop', expiresInDays: 30, shops: [shops[1]!.id] });
    expect((await requireTokenPerson(bearer(one.token))).shops).toEqual([shops[1]!.id]);

    // The person's access shrinks: both tokens shrink with it at their next use.
    await setGrants(db(), viewer.id, [shops[0]!.id]);
    expect((await requireTokenPerson(bearer(all.token))).shops).toEqual([shops[0]!.id]);
    expect((await requireTokenPerson(bearer(one.token))).shops).toEqual([]);
    await setGrants(db(), viewer.id, [shops[0]!.id, shops[1]!.id]);
  });

  it('refuses a token for shops its person does not see, in a sentence', async () => {
    await setGrants(db(), viewer.id, [shops[0]!.id]);
    const narrowed = (await getPerson(db(), viewer.id))!;
    await expect(
      createPersonalToken(narrowed, { name: 'Too wide', expiresInDays: null, shops: [shops[1]!.id] }),
    ).rejects.toThrow(/only read shops you see yourself/);
    await setGrants(db(), viewer.id, [shops[0]!.id, shops[1]!.id]);
  });

  it('answers a wrong, revoked or expired token, a removed person and no token with one identical 401', async () => {
    const revoked = await createPersonalToken(viewer, { name: 'Revoked', expiresInDays: null, shops: null });
    await revokeToken(viewer, revoked.item.id);
    const expired = await createAccessToken(
      db(),
      { kind: 'personal', personId: viewer.id, name: 'Expired', shops: null, expiresAt: Date.now() - 1 },
      Date.now() - 10_000,
    );
    const goneId = await insertPerson(db(), {
      email: 'gone@team.example',
      name: 'Gone',
      role: 'editor',
      seesProfit: true,
      shops: [shops[0]!.id],
      passwordHash: null,
    });
    const gone = await createPersonalToken((await getPerson(db(), goneId))!, {
      name: 'Of a removed person',
      expiresInDays: null,
      shops: null,
    });
    expect((await requireTokenPerson(bearer(gone.token))).id).toBe(goneId);
    await deletePerson(db(), goneId);
    const live = await createAccessToken(db(), {
      kind: 'live',
      personId: viewer.id,
      name: 'A live link',
      shops: null,
      scope: { endpoint: 'GET shops/[shopId]/exports/orders', params: {}, query: {} },
      expiresAt: null,
    });

    const answers = await Promise.all([
      refusal(bearer('spd_pat_' + 'x'.repeat(43))),
      refusal(bearer(revoked.token)),
      refusal(bearer(expired.token)),
      refusal(bearer(gone.token)),
      // A live link is no personal token: it reads its one export only.
      refusal(bearer(live.token)),
      refusal(new Request(`${ORIGIN}/api/mcp`)),
      refusal(new Request(`${ORIGIN}/api/mcp`, { headers: { authorization: 'Basic abc' } })),
    ]);
    for (const answer of answers)
      expect(answer).toEqual({
        status: 401,
        code: 'INVALID_TOKEN',
        message:
          'This access token or live link is not valid: it is wrong, revoked or expired, or its person no longer has access.',
      });
  });

  it('puts each creation, refused use and revocation in the Team history', async () => {
    const made = await createPersonalToken(viewer, { name: 'Audited', expiresInDays: 7, shops: null });
    await revokeToken(viewer, made.item.id);
    await refusal(bearer(made.token));
    await vi.waitFor(async () => {
      const summaries = (await listTeamAudit(db(), 500)).map((entry) => `${entry.action}: ${entry.summary}`);
      expect(summaries).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^token-created: Vera Viewer made the access token "Audited" \(spd_pat_.{4}…, read-only/,
          ),
          expect.stringMatching(/^token-revoked: Vera Viewer revoked the access token "Audited"/),
          expect.stringMatching(/^token-refused: A use of access token "Audited" .* was refused: revoked\.$/),
        ]),
      );
    });
  });

  it('counts the throttle per token: one token over its limit leaves another untouched', async () => {
    resetTokenThrottleForTests();
    const busy = await createPersonalToken(viewer, { name: 'Busy', expiresInDays: null, shops: null });
    const quiet = await createPersonalToken(viewer, { name: 'Quiet', expiresInDays: null, shops: null });
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i += 1) await requireTokenPerson(bearer(busy.token));
    const over = await requireTokenPerson(bearer(busy.token)).catch((error: unknown) => error);
    expect(over).toBeInstanceOf(DashboardError);
    expect((over as DashboardError).status).toBe(429);
    expect((over as DashboardError).code).toBe('TOO_MANY_REQUESTS');
    expect((over as DashboardError).retryAfterSeconds).toBeGreaterThan(0);
    expect((await requireTokenPerson(bearer(quiet.token))).id).toBe(viewer.id);
    resetTokenThrottleForTests();
  });

  describe('through the routes', () => {
    const shopPath = (shopId: string, rest: string) => `/api/dashboard/shops/${encodeURIComponent(shopId)}/${rest}`;

    it('a token reads what its person reads: the same JSON and the same CSV as their signed-in page, no cookie needed', async () => {
      const made = await send(
        makeToken,
        '/api/dashboard/account/tokens',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { name: 'Same as me' },
        },
      );
      expect(made.status).toBe(201);
      const { token } = (JSON.parse(made.text) as { data: { token: string } }).data;
      const shop = shops[0]!.id;
      const reads: [Route, string, Record<string, string>?][] = [
        [shopsRoute, '/api/dashboard/shops'],
        [accountRoute, '/api/dashboard/account'],
        [ordersRoute, `${shopPath(shop, 'orders')}?${range}`, { shopId: shop }],
        [ordersExport, `${shopPath(shop, 'exports/orders')}?${range}`, { shopId: shop }],
        [refundsExport, `${shopPath(shop, 'exports/refunds')}?${range}`, { shopId: shop }],
      ];
      for (const [route, path, params] of reads) {
        const signedIn = await send(route, path, { cookie: viewerCookie }, { params });
        const byToken = await send(route, path, { token }, { params });
        expect(signedIn.status, path).toBe(200);
        expect(byToken.status, path).toBe(200);
        expect(byToken.type).toBe(signedIn.type);
        expect(withoutRequestId(byToken.text)).toBe(withoutRequestId(signedIn.text));
      }
      // The viewer's CSV has no cost or profit column, by token as signed in.
      const csv = await send(
        ordersExport,
        `${shopPath(shop, 'exports/orders')}?${range}`,
        { token },
        {
          params: { shopId: shop },
        },
      );
      expect(csv.type).toContain('text/csv');
      expect(csv.text.split('\r\n')[0]).not.toMatch(/profit|margin|fee|cost of goods/i);
    });

    it('a token narrowed to one shop lists only it, and answers another as a shop that does not exist', async () => {
      const made = await send(
        makeToken,
        '/api/dashboard/account/tokens',
        { cookie: ownerCookie },
        {
          method: 'POST',
          body: { name: 'One shop', shops: [shops[0]!.id], expiresInDays: 30 },
        },
      );
      const { token, item } = (JSON.parse(made.text) as { data: { token: string; item: { expiresAt: number } } }).data;
      expect(item.expiresAt).toBeGreaterThan(Date.now() + 29 * 86_400_000);
      const list = JSON.parse((await send(shopsRoute, '/api/dashboard/shops', { token })).text) as {
        data: { items: Shop[] };
      };
      expect(list.data.items.map((s) => s.id)).toEqual([shops[0]!.id]);
      const other = await send(
        ordersRoute,
        `${shopPath(shops[1]!.id, 'orders')}?${range}`,
        { token },
        {
          params: { shopId: shops[1]!.id },
        },
      );
      const unknown = await send(
        ordersRoute,
        `${shopPath('no-such-shop', 'orders')}?${range}`,
        { token },
        {
          params: { shopId: 'no-such-shop' },
        },
      );
      expect(other.status).toBe(404);
      expect(withoutRequestId(other.text)).toBe(withoutRequestId(unknown.text));
    });

    it('every write refuses a token with one sentence and changes nothing, even with the right Origin', async () => {
      const made = await send(
        makeToken,
        '/api/dashboard/account/tokens',
        { cookie: ownerCookie },
        {
          method: 'POST',
          body: { name: 'Writer?' },
        },
      );
      const { token, item } = (JSON.parse(made.text) as { data: { token: string; item: { id: string } } }).data;
      const writes = [
        await send(renameRoute, '/api/dashboard/account', { token }, { method: 'PATCH', body: { name: 'Hijacked' } }),
        await send(makeToken, '/api/dashboard/account/tokens', { token }, { method: 'POST', body: { name: 'More' } }),
        await send(
          revokeRoute,
          `/api/dashboard/account/tokens/${item.id}`,
          { token, cookie: ownerCookie },
          {
            method: 'DELETE',
            params: { id: item.id },
          },
        ),
      ];
      for (const write of writes) {
        expect(write.status).toBe(403);
        expect(JSON.parse(write.text)).toMatchObject({
          error: {
            code: 'TOKEN_READ_ONLY',
            message: 'An access token can only read; sign in to the dashboard to change anything. Nothing was changed.',
          },
        });
      }
      const account = JSON.parse((await send(accountRoute, '/api/dashboard/account', { token })).text) as {
        data: { name: string };
      };
      expect(account.data.name).not.toBe('Hijacked');
      expect((await send(shopsRoute, '/api/dashboard/shops', { token })).status).toBe(200);
    });

    it('a wrong, revoked or expired token and a removed person get the same 401 body from a route', async () => {
      const made = await send(
        makeToken,
        '/api/dashboard/account/tokens',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { name: 'To revoke' },
        },
      );
      const { token, item } = (JSON.parse(made.text) as { data: { token: string; item: { id: string } } }).data;
      expect((await send(shopsRoute, '/api/dashboard/shops', { token })).status).toBe(200);
      const revoked = await send(
        revokeRoute,
        `/api/dashboard/account/tokens/${item.id}`,
        { cookie: viewerCookie },
        {
          method: 'DELETE',
          params: { id: item.id },
        },
      );
      expect(revoked.status).toBe(200);
      const expired = await createAccessToken(db(), {
        kind: 'personal',
        personId: viewer.id,
        name: 'Old',
        shops: null,
        expiresAt: Date.now() - 1000,
      });
      const goneId = await insertPerson(db(), {
        email: 'left@team.example',
        name: 'Left',
        role: 'admin',
        seesProfit: true,
        shops: [],
        passwordHash: null,
      });
      const gone = await createPersonalToken((await getPerson(db(), goneId))!, {
        name: 'x',
        expiresInDays: null,
        shops: null,
      });
      await deletePerson(db(), goneId);
      const answers = await Promise.all(
        ['spd_pat_wrong', token, expired.token, gone.token].map((t) =>
          send(shopsRoute, '/api/dashboard/shops', { token: t }),
        ),
      );
      const bodies = answers.map((a) => withoutRequestId(a.text));
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
      expect(new Set(bodies).size).toBe(1);
      expect(JSON.parse(answers[0]!.text)).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
      // A cookie does not rescue a refused token: the token is the request's only credential.
      expect((await send(shopsRoute, '/api/dashboard/shops', { token, cookie: viewerCookie })).status).toBe(401);
    });

    it("a live link answers its export's CSV without a cookie, the same as the signed-in export, and nothing else", async () => {
      const shop = shops[0]!.id;
      const href = `${shopPath(shop, 'exports/orders')}?${range}`;
      const made = await send(
        makeLiveLink,
        '/api/dashboard/account/live-links',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { href },
        },
      );
      expect(made.status).toBe(201);
      const { url, item } = (JSON.parse(made.text) as { data: { url: string; item: { id: string; kind: string } } })
        .data;
      expect(item.kind).toBe('live');
      expect((item as unknown as { name: string }).name).toBe(
        `Orders export, ${shops[0]!.shopName}, ${range.split('&')[0]!.slice(5)} to ${range.split('&')[1]!.slice(3)}`,
      );
      const live = new URL(url);
      expect(live.searchParams.get('access_token')).toMatch(/^spd_live_/);
      const path = live.pathname + live.search;
      const byLink = await send(ordersExport, path, {}, { params: { shopId: shop } });
      const signedIn = await send(ordersExport, href, { cookie: viewerCookie }, { params: { shopId: shop } });
      expect(byLink.status).toBe(200);
      expect(byLink.type).toContain('text/csv');
      expect(byLink.text).toBe(signedIn.text);
      expect(byLink.text.split('\r\n').length).toBeGreaterThan(2);

      // Scoped to that export and that view: another route, another view or another shop is refused.
      const token = live.searchParams.get('access_token')!;
      const elsewhere = [
        await send(
          refundsExport,
          `${shopPath(shop, 'exports/refunds')}?${range}&access_token=${token}`,
          {},
          {
            params: { shopId: shop },
          },
        ),
        await send(
          ordersExport,
          `${shopPath(shop, 'exports/orders')}?${range}&status=CANCELLED&access_token=${token}`,
          {},
          {
            params: { shopId: shop },
          },
        ),
        await send(
          ordersExport,
          `${shopPath(shops[1]!.id, 'exports/orders')}?${range}&access_token=${token}`,
          {},
          {
            params: { shopId: shops[1]!.id },
          },
        ),
        await send(shopsRoute, `/api/dashboard/shops?access_token=${token}`, {}),
        // Nor is a live link a personal token.
        await send(shopsRoute, '/api/dashboard/shops', { token }),
      ];
      expect(elsewhere.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);

      // Listed with the tokens, revocable, then refused.
      const mine = JSON.parse(
        (await send(myTokens, '/api/dashboard/account/tokens', { cookie: viewerCookie })).text,
      ) as {
        data: { items: { id: string }[] };
      };
      expect(mine.data.items.map((t) => t.id)).toContain(item.id);
      await send(
        revokeRoute,
        `/api/dashboard/account/tokens/${item.id}`,
        { cookie: viewerCookie },
        {
          method: 'DELETE',
          params: { id: item.id },
        },
      );
      expect((await send(ordersExport, path, {}, { params: { shopId: shop } })).status).toBe(401);
    });

    it('a live link is made of an export only, of a shop its person sees', async () => {
      const notExport = await send(
        makeLiveLink,
        '/api/dashboard/account/live-links',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { href: '/api/dashboard/shops' },
        },
      );
      expect(notExport.status).toBe(400);
      const foreign = await send(
        makeLiveLink,
        '/api/dashboard/account/live-links',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { href: `${shopPath('no-such-shop', 'exports/orders')}?${range}` },
        },
      );
      expect(foreign.status).toBe(404);
      // A viewer without costs and profit cannot make a live link of an export that needs them.
      const products = await send(
        makeLiveLink,
        '/api/dashboard/account/live-links',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { href: shopPath(shops[0]!.id, 'exports/products') },
        },
      );
      expect(products.status).toBe(403);
    });

    it("owners and admins see and revoke everyone's tokens; a viewer sees only their own and cannot revoke another's", async () => {
      const owners = await send(
        makeToken,
        '/api/dashboard/account/tokens',
        { cookie: ownerCookie },
        {
          method: 'POST',
          body: { name: "The owner's" },
        },
      );
      const ownersId = (JSON.parse(owners.text) as { data: { item: { id: string } } }).data.item.id;
      const viewers = await send(
        makeToken,
        '/api/dashboard/account/tokens',
        { cookie: viewerCookie },
        {
          method: 'POST',
          body: { name: "The viewer's" },
        },
      );
      const viewersId = (JSON.parse(viewers.text) as { data: { item: { id: string } } }).data.item.id;
      const all = JSON.parse((await send(teamTokens, '/api/dashboard/team/tokens', { cookie: ownerCookie })).text) as {
        data: { items: { id: string; personName: string }[] };
      };
      expect(all.data.items.map((t) => t.id)).toEqual(expect.arrayContaining([ownersId, viewersId]));
      expect(all.data.items.find((t) => t.id === viewersId)?.personName).toBe('Vera Viewer');
      expect((await send(teamTokens, '/api/dashboard/team/tokens', { cookie: viewerCookie })).status).toBe(403);
      const mine = JSON.parse(
        (await send(myTokens, '/api/dashboard/account/tokens', { cookie: viewerCookie })).text,
      ) as {
        data: { items: { id: string }[] };
      };
      expect(mine.data.items.map((t) => t.id)).not.toContain(ownersId);
      const tried = await send(
        revokeRoute,
        `/api/dashboard/account/tokens/${ownersId}`,
        { cookie: viewerCookie },
        {
          method: 'DELETE',
          params: { id: ownersId },
        },
      );
      expect(tried.status).toBe(404);
      const done = await send(
        revokeRoute,
        `/api/dashboard/account/tokens/${viewersId}`,
        { cookie: ownerCookie },
        {
          method: 'DELETE',
          params: { id: viewersId },
        },
      );
      expect(done.status).toBe(200);
    });
  });
});
