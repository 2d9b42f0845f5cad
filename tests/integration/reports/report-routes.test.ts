import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpstreamClientForTests } from '@/lib/server/upstream';
import { openOrderStore } from '@/lib/store/open';
import type { OrderStore } from '@/lib/store/order-store';
import { SyncEngine } from '@/lib/sync/engine';
import { body, call, fakeClient, ORIGIN, signedInCookie } from '@/tests/integration/api/support';
import { serveFromHolder } from '@/tests/support/api/routes-fixture';

// A report GET has no side effects : a cross-site page can make a browser send a GET
// with its cookie, so a GET must not start a sync. It says `needsSync`; the page starts the sync
// with POST /sync, which the Origin check guards.

const holder: { store?: OrderStore; engine?: SyncEngine } = {};
serveFromHolder(holder);

const { GET: skuReportRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/sku-profit/route');
const { GET: overviewRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/overview/route');
const { POST: startSync } = await import('@/app/api/dashboard/shops/[shopId]/sync/route');

describe('report routes', () => {
  let dir = '';
  let cookie = '';
  const ensured: unknown[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'report-routes-'));
    holder.store = await openOrderStore({ sqliteFile: join(dir, 'store.db') });
    const client = fakeClient();
    setUpstreamClientForTests(client);
    holder.engine = new SyncEngine({ store: holder.store, client });
    const ensure = holder.engine.ensure.bind(holder.engine);
    holder.engine.ensure = async (shop, range) => {
      ensured.push(range);
      return ensure(shop, range);
    };
    cookie = await signedInCookie();
  });
  afterAll(async () => {
    setUpstreamClientForTests(undefined);
    await holder.engine?.stop();
    await holder.store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET answers a partial report with needsSync and starts nothing', async () => {
    for (const route of [skuReportRoute, overviewRoute]) {
      const response = await call(route, '/api/dashboard/shops/shop-us/reports/x?range=last-30-days', {
        params: { shopId: 'shop-us' },
        cookie,
      });
      expect(response.status).toBe(200);
      const { data } = await body<{ data: { needsSync: boolean; partial: boolean; report: unknown } }>(response);
      expect(data.needsSync).toBe(true);
      expect(data.partial).toBe(true);
      expect(data.report).not.toBeNull(); // the stored part (nothing yet) is shown, marked partial
    }
    expect(ensured).toEqual([]);
    expect(await holder.store!.loadJob('shop-us')).toBeUndefined();
  });

  it('POST /sync from the page starts it; from a foreign origin it is refused', async () => {
    const post = (origin: string) =>
      call(startSync, '/api/dashboard/shops/shop-us/sync', {
        method: 'POST',
        params: { shopId: 'shop-us' },
        cookie,
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ range: 'last-7-days' }),
      });
    expect((await post('https://evil.example')).status).toBe(403);
    expect(ensured).toEqual([]);
    expect((await post(ORIGIN)).status).toBe(202);
    expect(ensured).toHaveLength(1);
  });
});
