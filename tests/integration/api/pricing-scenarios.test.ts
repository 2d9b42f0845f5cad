import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import type { SavedScenario } from '@/lib/pricing/scenario-schemas';
import { localDayOf, shiftDay } from '@/tests/support/oracle/recount';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { body, freshIp, ORIGIN, postLogin, type ErrorEnvelope, cookieOf, sendJson as send } from './support';

// Saved, named pricing scenarios (docs/ARCHITECTURE.md#pricing) through the routes: an editor saves
// the URL's what-if under a name, the list shows it, opening it gives the same what-if as the URL,
// a name taken is refused in a sentence, deleting removes it; a viewer may list but not save, a
// person without costs and profit may not list. Saving changes no reported figure.

const { GET: listRoute, POST: saveRoute } = await import('@/app/api/dashboard/shops/[shopId]/pricing/scenarios/route');
const { DELETE: deleteRoute } = await import('@/app/api/dashboard/shops/[shopId]/pricing/scenarios/[id]/route');
const { GET: pricingRoute } = await import('@/app/api/dashboard/shops/[shopId]/reports/pricing/route');
const { POST: inviteRoute } = await import('@/app/api/dashboard/team/invitations/route');
const { POST: useLinkRoute } = await import('@/app/api/dashboard/links/[token]/route');

const PASSWORD = 'a long and uncommon passphrase';

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'pricing scenarios (postgres: %s)',
  (postgres) => {
    const fixture = routesFixture({ orders: 50, postgres });
    let shop: Shop;
    let owner = '';
    let editor = '';
    let viewer = '';
    let noProfit = '';
    const base = () => `/api/dashboard/shops/${encodeURIComponent(shop.id)}/pricing/scenarios`;

    async function person(email: string, role: string, seesProfit: boolean) {
      const invited = await send(inviteRoute, '/api/dashboard/team/invitations', owner, {
        method: 'POST',
        body: { email, role, seesProfit, shops: [shop.id] },
      });
      expect(invited.status).toBe(201);
      const token = (await body<{ data: { path: string } }>(invited)).data.path.split('/').pop()!;
      const joined = await send(useLinkRoute, `/api/dashboard/links/${token}`, '', {
        method: 'POST',
        params: { token },
        body: { name: email.split('@')[0], password: PASSWORD },
      });
      expect(joined.status).toBe(200);
      return cookieOf(joined);
    }

    const list = async (cookie: string) =>
      (
        await body<{ data: { scenarios: SavedScenario[] } }>(
          await send(listRoute, base(), cookie, { params: { shopId: shop.id } }),
        )
      ).data.scenarios;
    const save = (cookie: string, b: unknown) =>
      send(saveRoute, base(), cookie, { method: 'POST', body: b, params: { shopId: shop.id } });
    const pricing = async (query: string) => {
      const response = await send(
        pricingRoute,
        `/api/dashboard/shops/${encodeURIComponent(shop.id)}/reports/pricing?${query}`,
        owner,
        { params: { shopId: shop.id } },
      );
      expect(response.status).toBe(200);
      const { data } = await body<{
        data: {
          report: { total: { before: unknown; after: unknown }; months: unknown; rows: unknown; scenario: unknown };
        };
      }>(response);
      const r = data.report;
      return { total: r.total, months: r.months, rows: r.rows, scenario: r.scenario };
    };

    beforeAll(async () => {
      shop = fixture.shops[0]!;
      // The page's lookback (the last 90 days) synced, so the what-if replays real orders.
      const today = localDayOf(Math.floor(Date.now() / 1000), shop.timezone);
      await fixture.engine.sync(shop, { from: shiftDay(today, -90), to: today });
      owner = cookieOf(await postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example'));
      editor = await person('eve@team.example', 'editor', true);
      viewer = await person('vic@team.example', 'viewer', true);
      noProfit = await person('nia@team.example', 'editor', false);
    }, 120_000);

    it('saves, lists, opens as the URL does, refuses a taken name, renames and deletes', async () => {
      const changes = '*:price+5%,commission=12%';
      const before = await pricing('');
      const saved = await save(editor, { name: 'Five percent up', changes, elasticity: -1.5 });
      expect(saved.status).toBe(200);
      const scenario = (await body<{ data: SavedScenario }>(saved)).data;
      expect(scenario).toMatchObject({
        name: 'Five percent up',
        changes,
        elasticity: -1.5,
        createdBy: 'eve@team.example',
      });

      // A viewer with costs and profit sees it in the list.
      expect((await list(viewer)).map((s) => s.name)).toEqual(['Five percent up']);
      // Saving changed no reported figure.
      expect(await pricing('')).toEqual(before);
      // Opening it is the URL's what-if.
      const opened = (await list(editor))[0]!;
      const url = `changes=${encodeURIComponent(changes)}&elasticity=-1.5`;
      const fromSaved = await pricing(
        `changes=${encodeURIComponent(opened.changes)}&elasticity=${String(opened.elasticity)}`,
      );
      expect(fromSaved).toEqual(await pricing(url));
      expect(fromSaved.total.after).not.toEqual(fromSaved.total.before);

      // A second scenario may not take the name (whatever its case), nor may a rename.
      const clash = await save(owner, { name: 'five PERCENT up', changes: '*:promo=10%' });
      expect(clash.status).toBe(409);
      expect((await body<ErrorEnvelope>(clash)).error.message).toBe(
        'A scenario named “five PERCENT up” already exists.',
      );
      const other = (await body<{ data: SavedScenario }>(await save(owner, { name: 'Promo', changes: '*:promo=10%' })))
        .data;
      const rename = await save(owner, { id: other.id, name: 'Five percent up', changes: '*:promo=10%' });
      expect(rename.status).toBe(409);
      const renamed = await save(owner, { id: other.id, name: 'Promo ten', changes: '*:promo=10%', elasticity: null });
      expect(renamed.status).toBe(200);
      expect((await list(owner)).map((s) => [s.name, s.createdBy])).toEqual([
        ['Five percent up', 'eve@team.example'],
        ['Promo ten', 'owner@demo.example'],
      ]);

      // A scenario the view would refuse is refused in words; so is an empty or too long name.
      const bad = await save(editor, { name: 'Bad', changes: 'price+5%' });
      expect(bad.status).toBe(400);
      expect((await body<ErrorEnvelope>(bad)).error.message).toMatch(/needs a SKU/);
      expect((await save(editor, { name: ' ', changes })).status).toBe(400);
      expect((await save(editor, { name: 'x'.repeat(81), changes })).status).toBe(400);

      // Deleting removes it; a second delete finds nothing.
      const del = () =>
        send(deleteRoute, `${base()}/${scenario.id}`, editor, {
          method: 'DELETE',
          params: { shopId: shop.id, id: scenario.id },
        });
      expect((await del()).status).toBe(200);
      expect((await list(owner)).map((s) => s.name)).toEqual(['Promo ten']);
      expect((await del()).status).toBe(404);
    });

    it('a viewer may not save or delete; a person without costs and profit may not list', async () => {
      const refused = await save(viewer, { name: 'Viewer', changes: '*:promo=5%' });
      expect(refused.status).toBe(403);
      expect((await body<ErrorEnvelope>(refused)).error.code).toBe('FORBIDDEN_ROLE');
      const [one] = await list(owner);
      const del = await send(deleteRoute, `${base()}/${one!.id}`, viewer, {
        method: 'DELETE',
        params: { shopId: shop.id, id: one!.id },
      });
      expect(del.status).toBe(403);
      const hidden = await send(listRoute, base(), noProfit, { params: { shopId: shop.id } });
      expect(hidden.status).toBe(403);
      expect((await list(owner)).map((s) => s.name)).toEqual(['Promo ten']);
    });

    it('a what-if naming a SKU the shop lacks, or a value it cannot read, is a 400 that quotes it; a seller SKU and README’s link work', async () => {
      const ask = (query: string) =>
        send(pricingRoute, `/api/dashboard/shops/${encodeURIComponent(shop.id)}/reports/pricing?${query}`, owner, {
          params: { shopId: shop.id },
        });
      const refusals: [string, string][] = [
        [
          'changes=NOPE-1%3Aprice%2B5%25',
          'changes: "NOPE-1" is not a SKU of this shop (neither a SKU id nor a seller SKU).',
        ],
        ['changes=*%3Aprice%3D-5', 'changes: "price=-5": price takes an amount above 0'],
        ['changes=*%3Aprice%3DNaN', 'changes: "price=NaN": price takes an amount above 0'],
        ['elasticity=-12', 'elasticity: must be between -10 and 0'],
      ];
      for (const [query, message] of refusals) {
        const response = await ask(query);
        expect(response.status).toBe(400);
        expect((await body<ErrorEnvelope>(response)).error.message).toContain(message);
      }
      // README writes the link unencoded: its + reaches the server as a space, and is read as the plus.
      expect(await pricing('changes=*:price+5%')).toMatchObject({
        scenario: { all: { price: { by: 0.05 } }, skus: {} },
      });
      const { rows } = (await pricing('')) as { rows: { skuId: string; sellerSku: string }[] };
      const named = rows.find((r) => r.sellerSku)!;
      expect(await pricing(`changes=${encodeURIComponent(`${named.sellerSku}:price=9.99`)}`)).toMatchObject({
        scenario: { skus: { [named.skuId]: { price: { to: 999 } } } },
      });
    });
  },
);
