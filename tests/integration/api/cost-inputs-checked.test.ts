import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import type { Shop } from '@/lib/contract';
import { readCostInputs } from '@/lib/store/cost-inputs';
import { addDays } from '@/lib/time';
import { localDayOf } from '@/tests/support/oracle/recount';
import { body, call, ORIGIN, signedInCookie, type ErrorEnvelope, forKind } from './support';
import { routesFixture } from '@/tests/support/api/routes-fixture';

// The checks that keep the seller's inputs true, through the routes, on both stores: a backup is
// restored only into the shop it names and only with SKUs that shop has; days are held to the input
// window; an import that repeats rows asks before importing them; writes must be JSON. Every
// refusal leaves the stored inputs exactly as they were.

const backupRoute = await import('@/app/api/dashboard/shops/[shopId]/your-costs/backup/route');
const { POST: importRoute } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/ad-spend/import/route');
const { POST: adSpendRoute } = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'),
  'ad-spend',
);
const { POST: expenseRoute } = forKind(
  await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'),
  'expenses',
);
const { POST: cogsRoute } = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'cogs');
const { POST: undoRoute } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');

type Route = (request: Request, context?: { params: Promise<{ shopId: string }> }) => Promise<Response>;

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'cost inputs are checked before anything changes (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 600, postgres });
    let cookie = '';
    let us: Shop;
    let gb: Shop;
    const today = (shop: Shop) => localDayOf(Math.floor(Date.now() / 1000), shop.timezone);

    beforeAll(async () => {
      us = fixture.shops.find((s) => s.shopRegion === 'US')!;
      gb = fixture.shops.find((s) => s.shopRegion === 'GB')!;
      // The catalogs: SKUs the shops have.
      for (const shop of [us, gb]) await fixture.engine.sync(shop, { from: today(shop), to: today(shop) });
      cookie = await signedInCookie();
    }, 120_000);

    const json = { origin: ORIGIN, 'content-type': 'application/json' };
    const send = (route: Route, shop: Shop, payload: unknown, headers: Record<string, string> = json) =>
      call(route, `/api/dashboard/shops/${shop.id}/your-costs`, {
        method: 'POST',
        params: { shopId: shop.id },
        cookie,
        headers,
        body: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const inputs = (shop: Shop) => readCostInputs(fixture.store.db, shop.id);
    const message = async (response: Response) => (await body<ErrorEnvelope>(response)).error.message;
    const skusOf = async (shop: Shop) =>
      (await fixture.svc.service.listProducts(shop.id, { page: 1, limit: 100 })).items.flatMap((p) => p.skus);

    async function backupOf(shop: Shop): Promise<string> {
      const response = await call(backupRoute.GET, `/api/dashboard/shops/${shop.id}/your-costs/backup`, {
        params: { shopId: shop.id },
        cookie,
      });
      expect(response.status).toBe(200);
      return response.text();
    }

    it("refuses the US shop's backup in the GB shop, naming both, and changes nothing", async () => {
      const usSku = (await skusOf(us))[0]!;
      expect((await send(cogsRoute, us, { skuId: usSku.id, fromDay: '2026-01-01', unitCost: '4.20' })).status).toBe(
        201,
      );
      const gbSku = (await skusOf(gb))[0]!;
      expect((await send(cogsRoute, gb, { skuId: gbSku.id, fromDay: '2026-01-01', unitCost: '3.10' })).status).toBe(
        201,
      );
      const usBackup = await backupOf(us);
      const rows = Papa.parse<string[]>(usBackup.replace(/^\uFEFF/, '')).data;
      expect(rows[1]!.slice(0, 1)).toEqual(['shop']);
      expect(rows[1]).toContain(us.id);
      const before = await inputs(gb);
      for (const commit of [false, true]) {
        const response = await send(backupRoute.POST, gb, { csv: usBackup, commit, onlyMatching: true });
        if (commit) {
          expect(response.status).toBe(400);
          const text = await message(response);
          expect(text).toContain(`of ${us.shopName} (${us.id}, USD), not of ${gb.shopName} (${gb.id}, GBP)`);
          expect(text).toMatch(/nothing was restored/);
        } else {
          const { data } = await body<{ data: { preview: { errors: { column: string }[] } } }>(response);
          expect(data.preview.errors.map((e) => e.column)).toEqual(['shop_id']);
        }
      }
      expect(await inputs(gb)).toEqual(before);
      // Its own shop takes it back.
      expect((await send(backupRoute.POST, us, { csv: usBackup, commit: true })).status).toBe(200);
    });

    it('refuses a backup naming SKUs the shop does not have with their list, or restores only the rest when asked', async () => {
      const own = await backupOf(gb);
      const gbSku = (await skusOf(gb))[1]!;
      const csv = `${own.trimEnd()}\r\ncogs,x1,2026-02-01,,1.00,no-such-sku,,,,,,,,\r\nad_spend,x2,2026-02-01,,5.00,,no-such-product,,,,,,,\r\ncogs,x3,2026-02-01,,2.00,${gbSku.id},,,,,,,,\r\n`;
      const before = await inputs(gb);
      const refused = await send(backupRoute.POST, gb, { csv, commit: true });
      expect(refused.status).toBe(400);
      const text = await message(refused);
      expect(text).toMatch(
        /^2 rows name SKUs or products this shop does not have: line \d+ \(SKU no-such-sku\), line \d+ \(product no-such-product\)\. Nothing was restored/,
      );
      expect(await inputs(gb)).toEqual(before);
      const partial = await send(backupRoute.POST, gb, { csv, commit: true, onlyMatching: true });
      expect(partial.status).toBe(200);
      const after = await inputs(gb);
      expect(after.cogs.map((c) => c.skuId).sort()).toEqual([...before.cogs.map((c) => c.skuId), gbSku.id].sort());
      expect(after.adSpend).toEqual(before.adSpend);
      // A backup from before files named their shop: only when everything matches, whatever is asked.
      const legacy = csv
        .split('\r\n')
        .filter((line) => !line.startsWith('shop,'))
        .join('\r\n');
      const legacyRefused = await send(backupRoute.POST, gb, { csv: legacy, commit: true, onlyMatching: true });
      expect(legacyRefused.status).toBe(400);
      expect(await message(legacyRefused)).toMatch(/^This backup does not say which shop it is of/);
      expect(await inputs(gb)).toEqual(after);
      expect((await send(undoRoute, gb, {})).status).toBe(200);
    });

    it('holds days to the input window in the API: a year ahead is refused, a month ahead saved with a warning', async () => {
      const day = today(us);
      const before = await inputs(us);
      const far = await send(adSpendRoute, us, { day: addDays(day, 400), amount: '5' });
      expect(far.status).toBe(400);
      expect(await message(far)).toMatch(/^day: \d{4}-\d\d-\d\d is more than a year after today \(/);
      const farExpense = await send(expenseRoute, us, {
        name: 'Tool',
        amount: '10',
        recurrence: 'monthly',
        startDay: day,
        endDay: addDays(day, 2000),
      });
      expect(farExpense.status).toBe(400);
      expect(await message(farExpense)).toMatch(/^endDay: .* more than five years after today/);
      expect(await inputs(us)).toEqual(before);
      const soon = await send(adSpendRoute, us, { day: addDays(day, 40), amount: '5' });
      expect(soon.status).toBe(201);
      const { data } = await body<{ data: { warnings: string[] } }>(soon);
      expect(data.warnings).toEqual([`day: ${addDays(day, 40)} is 40 days after today (${day}): check the date`]);
      expect((await send(undoRoute, us, {})).status).toBe(200);
    });

    it('an import that repeats rows exactly is committed only with a choice: once, or every time', async () => {
      const day = addDays(today(us), -3);
      const csv = `date,spend\n${day},10.00\n${day},10\n${addDays(day, 1)},2\n`;
      const preview = await send(importRoute, us, { csv });
      const { data } = await body<{ data: { preview: { duplicates: number[][] } } }>(preview);
      expect(data.preview.duplicates).toEqual([[2, 3]]);
      const before = await inputs(us);
      const unasked = await send(importRoute, us, { csv, commit: true });
      expect(unasked.status).toBe(400);
      expect(await message(unasked)).toMatch(
        /^duplicates: the file repeats rows exactly \(lines 2 and 3\): nothing was imported/,
      );
      expect(await inputs(us)).toEqual(before);
      expect((await send(importRoute, us, { csv, commit: true, duplicates: 'skip' })).status).toBe(200);
      const onDay = (list: { day: string; amountCents: number }[]) =>
        list.filter((a) => a.day === day).map((a) => a.amountCents);
      expect(onDay((await inputs(us)).adSpend)).toEqual([1000]);
      expect((await send(importRoute, us, { csv, commit: true, duplicates: 'keep' })).status).toBe(200);
      expect(onDay((await inputs(us)).adSpend)).toEqual([1000, 1000]);
      for (let i = 0; i < 2; i++) expect((await send(undoRoute, us, {})).status).toBe(200);
    });

    it('refuses a write whose body is not JSON with 415, and changes nothing', async () => {
      const before = await inputs(us);
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const payload = JSON.stringify({ day: today(us), amount: '5' });
        const response = await send(adSpendRoute, us, payload, { origin: ORIGIN, 'content-type': type });
        expect(response.status).toBe(415);
        expect(await message(response)).toMatch(/^Send the body as application\/json/);
      }
      const undo = await send(undoRoute, us, '{}', {
        origin: ORIGIN,
        'content-type': 'text/plain',
        'content-length': '2',
      });
      expect(undo.status).toBe(415);
      expect(await inputs(us)).toEqual(before);
      // A charset parameter is fine.
      const ok = await send(
        adSpendRoute,
        us,
        { day: today(us), amount: '5' },
        { ...json, 'content-type': 'application/json; charset=utf-8' },
      );
      expect(ok.status).toBe(201);
      expect((await send(undoRoute, us, {})).status).toBe(200);
    });
  },
);
