import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { ClosedMonthsChange } from '@/lib/reports/books-schemas';
import { readCostInputs } from '@/lib/store/cost-inputs';
import { readFxRates } from '@/lib/store/fx-rates';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { body, call, freshIp, ORIGIN, signedInCookie } from '../api/support';

// The warning before a closed month changes, one mechanism for every write of the inputs: a write
// whose days fall in a closed month (ad spend, an expense, a unit cost, a fulfilment rate, a
// deletion, the undo, an ad spend import, a restore) is refused with CLOSED_MONTHS naming the month
// and the first open month, nothing written; sent again confirming that month, it is saved and its
// answer says by how much it changed the closed month, booked as adjustments in the first open month
// (what the books' adjustments then list). A write after the closed months passes as before. With
// the books kept in USD, an exchange rate (added, or its undo) that converts days of the GBP shop's
// closed month is asked about alike: the statement stays, its journal in USD changes. On both stores.

const { POST: close } = await import('@/app/api/dashboard/shops/[shopId]/books/months/[month]/close/route');
const kindRoute = await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route');
const entryRoute = await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/[id]/route');
const { POST: undo } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');
const { POST: importAdSpend } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/import/route');
const backupRoute = await import('@/app/api/dashboard/shops/[shopId]/your-costs/backup/route');
const { GET: adjustments } = await import('@/app/api/dashboard/shops/[shopId]/books/adjustments/route');
const { POST: addRate } = await import('@/app/api/dashboard/fx-rates/route');
const { POST: undoRate } = await import('@/app/api/dashboard/fx-rates/undo/route');
const { PUT: booksCurrency } = await import('@/app/api/dashboard/books/currency/route');

type Answer = {
  data?: { closedMonths?: ClosedMonthsChange; item?: { id: string } };
  error?: { code: string; message: string; closedMonths?: string[] };
};

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'a write into a closed month asks first, then says what it booked (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 800, postgres });
    let shop: Shop;
    let cookie = '';
    let closed = '';
    let open = '';
    let day = '';

    const send = (
      handler: (request: Request, context: never) => Promise<Response>,
      path: string,
      params: Record<string, string>,
      payload: unknown,
      confirm?: string,
      method = 'POST',
    ) =>
      call(handler as never, `/api/dashboard/shops/${shop.id}/${path}`, {
        method,
        params: { shopId: shop.id, ...params },
        cookie,
        ip: freshIp(),
        headers: {
          origin: ORIGIN,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(confirm ? { 'x-confirm-closed-months': confirm } : {}),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
    /** Refused first, nothing written; confirmed, saved with what it changed in the closed month. */
    async function guarded(write: (confirm?: string) => Promise<Response>, status = 200) {
      const inputs = JSON.stringify(await readCostInputs(fixture.store.db, shop.id));
      const first = await write();
      const refused = await body<Answer>(first);
      expect([first.status, refused.error?.code, refused.error?.closedMonths]).toEqual([
        409,
        'CLOSED_MONTHS',
        [closed],
      ]);
      expect(refused.error!.message).toMatch(
        /^This change falls in closed month [A-Z][a-z]{2} \d{4}\. It keeps its statement as closed: what the change does there is booked in [A-Z][a-z]{2} \d{4}, the first open month, as adjustments to closed periods\.$/,
      );
      expect(JSON.stringify(await readCostInputs(fixture.store.db, shop.id))).toBe(inputs);
      const saved = await write(closed);
      expect(saved.status).toBe(status);
      const answer = await body<Answer>(saved);
      expect(answer.data!.closedMonths).toMatchObject({ months: [closed], firstOpen: open, journalsOnly: false });
      return answer.data!;
    }

    beforeAll(async () => {
      shop = fixture.shops[0]!;
      const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
      open = today.slice(0, 7);
      closed = shiftDay(`${open}-01`, -1).slice(0, 7);
      day = `${closed}-10`;
      await fixture.engine.sync(shop, { from: `${closed}-01`, to: today });
      cookie = await signedInCookie();
      const closing = await send(close as never, `books/months/${closed}/close`, { month: closed }, {});
      expect(closing.status).toBe(200);
    }, 240_000);

    it('ad spend on a closed day: asked, then saved with its amount booked in the first open month', async () => {
      const saved = await guarded(
        (confirm) =>
          send(
            kindRoute.POST as never,
            'your-costs/ad-spend',
            { kind: 'ad-spend' },
            { day, amount: '123.45' },
            confirm,
          ),
        201,
      );
      expect(saved.closedMonths).toMatchObject({ cents: -12345, items: 1 });
      expect(saved.closedMonths!.message).toMatch(
        /^It changed closed [A-Z][a-z]{2} \d{4} by -\$123\.45 \(1 adjustment\), booked in /,
      );
      const list = await body<{ data: { status: string; total: number } }>(
        await call(adjustments as never, `/api/dashboard/shops/${shop.id}/books/adjustments`, {
          params: { shopId: shop.id },
          cookie,
          ip: freshIp(),
        }),
      );
      expect(list.data).toMatchObject({ status: 'pending', total: -12345 });
      // Its deletion and the undo reach the same day: asked too.
      await guarded((confirm) =>
        send(
          entryRoute.DELETE as never,
          `your-costs/ad-spend/${saved.item!.id}`,
          { kind: 'ad-spend', id: saved.item!.id },
          undefined,
          confirm,
          'DELETE',
        ),
      );
      await guarded((confirm) => send(undo as never, 'your-costs/undo', {}, undefined, confirm));
    });

    it('an expense, a unit cost and a fulfilment rate dated in the closed month, an import and a restore: asked alike', async () => {
      await guarded(
        (confirm) =>
          send(
            kindRoute.POST as never,
            'your-costs/expenses',
            { kind: 'expenses' },
            { name: 'Tool', amount: '20', recurrence: 'once', startDay: day },
            confirm,
          ),
        201,
      );
      // A SKU with a catalog price sold in the closed month from that day on: its new unit cost
      // changes the month's cost of goods.
      const { sku_id: sku } = await fixture.store.db
        .selectFrom('st_sku_daily as d')
        .innerJoin('st_catalog_sku as c', (j) =>
          j.onRef('c.shop_id', '=', 'd.shop_id').onRef('c.sku_id', '=', 'd.sku_id'),
        )
        .select('d.sku_id')
        .where('d.shop_id', '=', shop.id)
        .where('d.local_day', '>=', day)
        .where('d.local_day', '<=', `${closed}-31`)
        .where('d.gross_sales', '>', 0)
        .where('c.price_cents', '>', 0)
        .orderBy('d.sku_id')
        .executeTakeFirstOrThrow();
      const cogs = await guarded(
        (confirm) =>
          send(
            kindRoute.POST as never,
            'your-costs/cogs',
            { kind: 'cogs' },
            { skuId: sku, fromDay: day, unitCost: '1.00' },
            confirm,
          ),
        201,
      );
      expect(cogs.closedMonths!.items).toBeGreaterThan(0);
      await guarded(
        (confirm) =>
          send(
            kindRoute.POST as never,
            'your-costs/fulfilment',
            { kind: 'fulfilment' },
            { fromDay: day, amount: '0.50', per: 'order', skuId: null },
            confirm,
          ),
        201,
      );
      await guarded((confirm) =>
        send(
          importAdSpend as never,
          'your-costs/ad-spend/import',
          {},
          { csv: `date,spend\n${day},5.00\n`, commit: true },
          confirm,
        ),
      );
      const backup = await (
        await call(backupRoute.GET as never, `/api/dashboard/shops/${shop.id}/your-costs/backup`, {
          params: { shopId: shop.id },
          cookie,
        })
      ).text();
      // A restore of a backup without this month's ad spend changes the closed month: asked.
      const without = backup
        .replace(/^\uFEFF/, '')
        .split('\n')
        .filter((l) => !l.startsWith('ad_spend,'))
        .join('\n');
      await guarded((confirm) =>
        send(backupRoute.POST as never, 'your-costs/backup', {}, { csv: without, commit: true }, confirm),
      );
    });

    it('a write after the closed months is saved at once, with nothing to say about them', async () => {
      const answer = await send(
        kindRoute.POST as never,
        'your-costs/ad-spend',
        { kind: 'ad-spend' },
        { day: `${open}-01`, amount: '1.00' },
      );
      expect(answer.status).toBe(201);
      expect((await body<Answer>(answer)).data!.closedMonths).toBeUndefined();
    });

    it('an exchange rate converting days of a closed month, with the books in USD: asked, its journal named', async () => {
      const gb = fixture.shops.find((s) => s.shopRegion === 'GB')!;
      const gbClosed = shiftDay(`${localDayOf(Math.floor(Date.now() / 1000), gb.timezone).slice(0, 7)}-01`, -1).slice(
        0,
        7,
      );
      await fixture.engine.sync(gb, {
        from: `${gbClosed}-01`,
        to: localDayOf(Math.floor(Date.now() / 1000), gb.timezone),
      });
      const closing = await call(close as never, `/api/dashboard/shops/${gb.id}/books/months/${gbClosed}/close`, {
        method: 'POST',
        params: { shopId: gb.id, month: gbClosed },
        cookie,
        ip: freshIp(),
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(closing.status).toBe(200);
      const fx = (handler: unknown, payload: unknown, confirm?: string) =>
        call(handler as never, '/api/dashboard/fx-rates', {
          method: 'POST',
          cookie,
          ip: freshIp(),
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            ...(confirm ? { 'x-confirm-closed-months': confirm } : {}),
          },
          body: JSON.stringify(payload),
        });
      const rate = { currency: 'GBP', target: 'USD', fromDay: `${gbClosed}-12`, rate: '1.25' };
      // Books kept in each shop's own currency: a rate changes no journal of a closed month.
      const inOwn = await fx(addRate, { ...rate, fromDay: `${gbClosed}-11` });
      expect(inOwn.status).toBe(201);
      expect((await body<Answer>(inOwn)).data!.closedMonths).toBeUndefined();
      const setCurrency = await call(booksCurrency as never, '/api/dashboard/books/currency', {
        method: 'PUT',
        cookie,
        ip: freshIp(),
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'USD' }),
      });
      expect(setCurrency.status).toBe(200);
      const asked = async (write: (confirm?: string) => Promise<Response>, status: number) => {
        const rates = JSON.stringify(await readFxRates(fixture.store.db));
        const first = await write();
        const refused = await body<Answer>(first);
        expect([first.status, refused.error?.code, refused.error?.closedMonths]).toEqual([
          409,
          'CLOSED_MONTHS',
          [gbClosed],
        ]);
        expect(refused.error!.message).toMatch(
          new RegExp(
            `^Your books are kept in USD, and this rate converts days of closed months: [A-Z][a-z]{2} \\d{4} of ${gb.shopName}\\. Their statements stay as closed .*: reverse any of them you imported, and import them again\\.$`,
          ),
        );
        expect(JSON.stringify(await readFxRates(fixture.store.db))).toBe(rates);
        const saved = await write(gbClosed);
        expect(saved.status).toBe(status);
        const answer = await body<Answer>(saved);
        expect(answer.data!.closedMonths).toMatchObject({ months: [gbClosed], firstOpen: null, journalsOnly: true });
        expect(answer.data!.closedMonths!.message).toContain(
          'their statements did not change; their journals in USD did.',
        );
        expect(JSON.stringify(await readFxRates(fixture.store.db))).not.toBe(rates);
      };
      await asked((confirm) => fx(addRate, rate, confirm), 201);
      await asked((confirm) => fx(undoRate, {}, confirm), 200);
      // A rate of another pair converts none of the closed months' days: saved at once.
      const other = await fx(addRate, { currency: 'JPY', target: 'USD', fromDay: `${gbClosed}-12`, rate: '0.0067' });
      expect(other.status).toBe(201);
      expect((await body<Answer>(other)).data!.closedMonths).toBeUndefined();
    });
  },
);
