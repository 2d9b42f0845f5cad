import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shop } from '@/lib/contract';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { forgetConnectedShops } from '@/lib/server/loaders/shops';
import { forgetConnectionRoutes } from '@/lib/connections/upstream';
import {
  startRoutesFixture,
  type RoutesFixture,
  type RoutesHolder,
  serveFromHolder,
} from '@/tests/support/api/routes-fixture';
import { body as json, call, freshIp, ORIGIN, postLogin, type ErrorEnvelope } from './support';

// A second upstream key through the Connections routes, as the owner meets it: Test says what is
// wrong, wrong credentials are not stored, a working key's shops join the shop list under its
// name and answer through that key (the demo key would get 404 for them), its secret never comes
// back in any answer or the store, and removing it takes its shops out of the list at once.

const holder: RoutesHolder & { handler?: RoutesFixture['svc']['handler'] } = {};
serveFromHolder(holder);
// The embedded service the dashboard reaches at http://embedded.invalid: this test's own.
vi.mock('@/lib/service', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getEmbeddedService: async () => holder.handler!,
}));

const { GET: listRoute, POST: addRoute } = await import('@/app/api/dashboard/connections/route');
const { POST: testRoute } = await import('@/app/api/dashboard/connections/test/route');
const { PATCH: changeRoute, DELETE: removeRoute } = await import('@/app/api/dashboard/connections/[id]/route');
const { POST: testStoredRoute } = await import('@/app/api/dashboard/connections/[id]/test/route');
const { GET: shopsRoute } = await import('@/app/api/dashboard/shops/route');
const { GET: ordersRoute } = await import('@/app/api/dashboard/shops/[shopId]/orders/route');
const { GET: allShopsRoute } = await import('@/app/api/dashboard/all-shops/route');

type Route = Parameters<typeof call>[0];
/** A successful answer's data (an error's envelope as it is). */
async function body<T>(response: Response): Promise<T> {
  const parsed = await json<{ data?: T }>(response);
  return (response.ok ? parsed.data : parsed) as T;
}
const SECRET = 'other-app-secret';
const OTHER = { baseUrl: 'http://embedded.invalid', appKey: 'other-app-key', appSecret: SECRET };

interface ConnectionsData {
  items: { id: string | null; name: string; shops: number; appKeyHint: string }[];
}
type ShopsData = { items: (Shop & { connection?: string })[] };

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])('connections (postgres: %s)', (postgres) => {
  let fixture: RoutesFixture;
  let owner = '';
  const answers: string[] = [];

  async function send(route: Route, path: string, init: { method?: string; body?: unknown; params?: object } = {}) {
    const method = init.method ?? 'GET';
    const response = await call(route, path, {
      method,
      cookie: owner,
      params: init.params as Record<string, string>,
      ip: freshIp(),
      headers: method === 'GET' ? {} : { origin: ORIGIN, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.clone().text();
    answers.push(text);
    return response;
  }

  beforeAll(async () => {
    fixture = await startRoutesFixture(holder, { orders: 200, postgres });
    holder.handler = fixture.svc.handler;
    // The dashboard's own upstream: every connection, the demo key first.
    setUpstreamClientForTests(undefined);
    forgetConnectionRoutes();
    forgetConnectedShops();
    const login = await postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example');
    owner = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    forgetConnectionRoutes();
    forgetConnectedShops();
    await fixture?.close();
  });

  it('adds a second key, lists and serves its shops through it, and removes it', async () => {
    const before = await body<ConnectionsData>(await send(listRoute, '/api/dashboard/connections'));
    expect(before.items).toHaveLength(1);
    expect(before.items[0]!.id).toBeNull();
    expect(before.items[0]!.shops).toBe(fixture.shops.length);

    // Test says what is wrong; a wrong secret is not stored.
    const wrong = await body<{ outcome: string; message: string }>(
      await send(testRoute, '/api/dashboard/connections/test', {
        method: 'POST',
        body: { ...OTHER, appSecret: 'not-the-secret' },
      }),
    );
    expect(wrong.outcome).toBe('wrong-credentials');
    expect(wrong.message).toMatch(/app key or the app secret/i);
    const refused = await send(addRoute, '/api/dashboard/connections', {
      method: 'POST',
      body: { name: 'Another Seller', ...OTHER, appSecret: 'not-the-secret' },
    });
    expect(refused.status).toBe(400);
    expect((await body<ErrorEnvelope>(refused)).error.message).toMatch(/^Not saved: /);
    expect((await body<ConnectionsData>(await send(listRoute, '/api/dashboard/connections'))).items).toHaveLength(1);

    const added = await send(addRoute, '/api/dashboard/connections', {
      method: 'POST',
      body: { name: 'Another Seller', ...OTHER },
    });
    expect(added.status).toBe(201);
    const { connection } = await body<{ connection: { id: string; name: string } }>(added);

    const shops = (await body<ShopsData>(await send(shopsRoute, '/api/dashboard/shops'))).items;
    const theirs = shops.filter((s) => s.connection === 'Another Seller');
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.id).toMatch(/^[0-9a-f]{8}~/);
    expect(shops.filter((s) => s.connection !== 'Another Seller').map((s) => s.id)).toEqual(
      fixture.shops.map((s) => s.id),
    );
    const list = await body<ConnectionsData>(await send(listRoute, '/api/dashboard/connections'));
    expect(list.items.map((c) => [c.name, c.shops])).toEqual([
      ['Demo service', fixture.shops.length],
      ['Another Seller', 1],
    ]);

    // Its orders come through its own key (the demo key gets 404 SHOP_NOT_FOUND for that shop).
    const shopId = theirs[0]!.id;
    const orders = await send(
      ordersRoute,
      `/api/dashboard/shops/${encodeURIComponent(shopId)}/orders?range=last-90-days`,
      {
        params: { shopId },
      },
    );
    expect(orders.status).toBe(200);
    expect((await body<{ pagination: { total: number } }>(orders)).pagination.total).toBeGreaterThan(0);

    // All shops spans both keys.
    const allShops = await body<{ shops: { shop: { id: string } }[] }>(
      await send(allShopsRoute, '/api/dashboard/all-shops?range=last-7-days'),
    );
    expect(allShops.shops.map((s) => s.shop.id)).toEqual(expect.arrayContaining([shopId, fixture.shops[0]!.id]));

    const tested = await body<{ outcome: string }>(
      await send(testStoredRoute, `/api/dashboard/connections/${connection.id}/test`, {
        method: 'POST',
        params: { id: connection.id },
      }),
    );
    expect(tested.outcome).toBe('ok');
    const renamed = await send(changeRoute, `/api/dashboard/connections/${connection.id}`, {
      method: 'PATCH',
      params: { id: connection.id },
      body: { name: 'Client B' },
    });
    expect((await body<{ connection: { name: string } }>(renamed)).connection.name).toBe('Client B');

    // The secret is in no answer and not in the store as text.
    for (const text of answers) expect(text).not.toContain(SECRET);
    const rows = await holder.store!.db.selectFrom('st_connection').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(SECRET);

    const removed = await send(removeRoute, `/api/dashboard/connections/${connection.id}`, {
      method: 'DELETE',
      params: { id: connection.id },
    });
    expect(removed.status).toBe(200);
    const after = (await body<ShopsData>(await send(shopsRoute, '/api/dashboard/shops'))).items;
    expect(after.map((s) => s.id)).toEqual(fixture.shops.map((s) => s.id));
    const gone = await send(ordersRoute, `/api/dashboard/shops/${encodeURIComponent(shopId)}/orders`, {
      params: { shopId },
    });
    expect(gone.status).toBe(404);
    expect((await body<ErrorEnvelope>(gone)).error.code).toBe('SHOP_NOT_FOUND');
  }, 120_000);
});
