import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoutedClient, type Route } from '@/lib/connections/routing';
import { keyPrefix } from '@/lib/connections/store';
import { SlidingWindowLimiter } from '@/lib/rate-limit/sliding-window';
import { createUpstreamClient, Scheduler, UpstreamError } from '@/lib/upstream';
import type { UpstreamClient } from '@/lib/upstream/types';
import { DEMO_KEY, DEMO_SECRET, startService, type ServiceFixture } from '@/tests/support/sync/harness';

// The one client over every connection, on the embedded service's two keys: each key keeps its own
// budget (a backfill that has spent one key's minute does not hold back a click on the other's
// shop), shops of the second key carry its prefix and are asked for with their own id, and a key
// that cannot list its shops is a sentence beside the others' shops.

const BASE = 'http://embedded.invalid';

describe('the routed upstream client', () => {
  let svc: ServiceFixture;
  const sent: Record<string, number> = {};

  function keyClient(appKey: string, appSecret: string, perMinute: number): UpstreamClient {
    return createUpstreamClient({
      baseUrl: BASE,
      appKey,
      appSecret,
      fetch: (request) => {
        sent[appKey] = (sent[appKey] ?? 0) + 1;
        return svc.handler.handle(request, { clientIp: '127.0.0.1' });
      },
      scheduler: new Scheduler({
        key: appKey,
        limiter: new SlidingWindowLimiter({ limit: perMinute, windowMs: 60_000 }),
      }),
      cacheTtlMs: 0,
    });
  }

  beforeAll(async () => {
    svc = await startService({ orders: 200 });
  }, 120_000);
  afterAll(() => svc?.close());

  it("a backfill that spent one key's budget does not hold back the other key's click", async () => {
    const demo = keyClient(DEMO_KEY, DEMO_SECRET, 4);
    const other = keyClient('other-app-key', 'other-app-secret', 4);
    const prefix = keyPrefix(BASE, 'other-app-key');
    const routes: Route[] = [
      { connectionId: null, name: 'Demo service', prefix: '', client: demo },
      { connectionId: 'c2', name: 'Another Seller', prefix, client: other },
    ];
    const client = new RoutedClient(async () => routes, demo);
    const { shops, problems } = await client.allShops('interactive');
    expect(problems).toEqual([]);
    const theirs = shops.filter((s) => s.connection.name === 'Another Seller');
    expect(theirs.map((s) => s.id.startsWith(`${prefix}~`))).toEqual([true]);
    const mine = shops.find((s) => s.connection.name === 'Demo service')!;

    // The demo key's backfill: more pages than its minute allows (its listing above spent one).
    const backfill = new AbortController();
    let done = 0;
    const pages = Array.from({ length: 8 }, (_, i) =>
      client
        .orders(mine.id, { page: i + 1, limit: 10 }, { priority: 'background', signal: backfill.signal })
        .then(() => (done += 1))
        .catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The other key's click is answered while the demo key's backfill waits for its next minute.
    const click = await client.orders(theirs[0]!.id, { page: 1, limit: 10 }, { priority: 'interactive' });
    expect(click.items.length).toBeGreaterThan(0);
    expect(done).toBeLessThan(8);
    expect(sent[DEMO_KEY]).toBeLessThanOrEqual(4);
    backfill.abort();
    await Promise.all(pages);
  });

  it('a key that cannot list its shops is a sentence beside the other shops; a removed key answers 404 and is not served', async () => {
    const demo = keyClient(DEMO_KEY, DEMO_SECRET, 1_000);
    const wrong = keyClient('other-app-key', 'not-the-secret', 1_000);
    const prefix = keyPrefix(BASE, 'other-app-key');
    let routes: Route[] = [
      { connectionId: null, name: 'Demo service', prefix: '', client: demo },
      { connectionId: 'c2', name: 'Client B', prefix, client: wrong },
    ];
    const client = new RoutedClient(async () => routes, demo);
    const { shops, problems } = await client.allShops('interactive');
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every((s) => s.connection.name === 'Demo service')).toBe(true);
    expect(problems).toEqual([
      { connectionId: 'c2', name: 'Client B', reason: expect.stringMatching(/app key or app secret/) as string },
    ]);

    expect(await client.serves(`${prefix}~some-shop`)).toBe(true);
    routes = routes.slice(0, 1);
    // The refresh policy leaves a removed connection's shops alone (lib/sync's `served`).
    expect(await client.serves(`${prefix}~some-shop`)).toBe(false);
    expect(await client.serves('shp_of_the_first_key')).toBe(true);
    const gone = await client.orders(`${prefix}~some-shop`, { page: 1, limit: 10 }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(UpstreamError);
    expect((gone as UpstreamError).code).toBe('SHOP_NOT_FOUND');
  });
});
