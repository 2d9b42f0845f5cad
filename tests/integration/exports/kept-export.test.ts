import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Shop } from '@/lib/contract';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { call, signedInCookie } from '@/tests/integration/api/support';

// An orders export asked again while its range's stored orders are unchanged is sent from memory
// (lib/server/exports/kept-files), the same bytes, gzipped to a client that takes gzip; once an
// order of the range is written again with a change, the file is the new one at once; a re-read
// that changes nothing keeps it.

const { GET: ordersExport } = await import('@/app/api/dashboard/shops/[shopId]/exports/orders/route');

describe('a kept orders export', () => {
  const fixture = routesFixture({ orders: 800, postgres: false });
  let shop: Shop;
  let cookie = '';
  let path = '';
  let from = '';
  let to = '';

  const ask = (gzip: boolean) =>
    call(ordersExport, path, {
      params: { shopId: shop.id },
      cookie,
      headers: gzip ? { 'accept-encoding': 'gzip, deflate' } : {},
    });
  /** The file's bytes as text, its byte order mark kept. */
  const text = async (response: Response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    return (response.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  };
  /** Waits for the first answer's file to be kept (it is compressed on the way, after the last byte). */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 200));

  beforeAll(async () => {
    shop = fixture.shops[0]!;
    const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
    [from, to] = [shiftDay(today, -20), shiftDay(today, -2)];
    path = `?range=custom&from=${from}&to=${to}`;
    await fixture.engine.sync(shop, { from, to });
    cookie = await signedInCookie();
  }, 180_000);

  it('sends the same file again from memory until an order of its range changes', async () => {
    const first = await ask(true);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBeNull();
    const written = await text(first);
    expect(written.split('\r\n').length).toBeGreaterThan(10);
    await settled();

    const again = await ask(true);
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(again.headers.get('content-disposition')).toBe(first.headers.get('content-disposition'));
    expect(await text(again)).toBe(written);
    // A client that does not take gzip gets the same bytes, plain.
    const plain = await ask(false);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await text(plain)).toBe(written);

    // The range read again from the service, unchanged: the file stays kept.
    await fixture.engine.ensure(shop, { from, to }, { force: [from, to] });
    await fixture.engine.idle(shop.id);
    expect((await ask(true)).headers.get('content-encoding')).toBe('gzip');

    // An order of the range changed (a fee moved at settlement): the next file has it.
    const row = await fixture.store.db
      .selectFrom('st_order')
      .select('payload')
      .where('shop_id', '=', shop.id)
      .where('local_day', '=', shiftDay(to, -3))
      .executeTakeFirstOrThrow();
    const order = JSON.parse(row.payload) as Order;
    const p = order.products[0]!;
    p.platformFees = {
      ...p.platformFees,
      transactionFee: -123.45,
      total: p.platformFees.total - p.platformFees.transactionFee - 123.45,
    };
    await fixture.store.upsertOrders(shop.id, shop.timezone, [order]);
    const changed = await ask(true);
    expect(changed.headers.get('content-encoding')).toBeNull();
    const rewritten = await text(changed);
    expect(rewritten).not.toBe(written);
    expect(rewritten).toContain('-123.45');
  });
});
