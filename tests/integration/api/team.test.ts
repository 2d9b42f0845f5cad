import { beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '@/lib/contract';
import { insertLink } from '@/lib/team/links';
import { localDayOf } from '@/tests/support/oracle/recount';
import { routesFixture } from '@/tests/support/api/routes-fixture';
import { body, freshIp, ORIGIN, postLogin, type ErrorEnvelope, forKind, cookieOf, sendJson as send } from './support';

// Team access as the people of a seller's team meet it, through the routes: invitations and their
// one-time links, role and grant changes that apply on the next request, removal, password
// changes and resets, who made a cost change, and every refusal in a sentence that changes nothing.

const { POST: inviteRoute } = await import('@/app/api/dashboard/team/invitations/route');
const { POST: resendRoute, DELETE: revokeRoute } = await import('@/app/api/dashboard/team/invitations/[id]/route');
const { PATCH: changeRoute, DELETE: removeRoute } = await import('@/app/api/dashboard/team/people/[id]/route');
const { POST: resetRoute } = await import('@/app/api/dashboard/team/people/[id]/reset/route');
const { GET: teamRoute } = await import('@/app/api/dashboard/team/route');
const { GET: linkInfo, POST: useLinkRoute } = await import('@/app/api/dashboard/links/[token]/route');
const { POST: passwordRoute } = await import('@/app/api/dashboard/account/password/route');
const { DELETE: everywhereRoute } = await import('@/app/api/dashboard/account/sessions/route');
const { POST: setupRoute } = await import('@/app/api/dashboard/setup/route');
const { GET: shopsRoute } = await import('@/app/api/dashboard/shops/route');
const { GET: accountRoute } = await import('@/app/api/dashboard/account/route');
const { POST: cogsRoute } = forKind(await import('@/app/api/dashboard/shops/[shopId]/your-costs/[kind]/route'), 'cogs');
const { GET: costsRoute } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/route');
const { POST: undoRoute } = await import('@/app/api/dashboard/shops/[shopId]/your-costs/undo/route');

const PASSWORD = 'a long and uncommon passphrase';
const tokenOf = (path: string) => path.split('/').pop()!;

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])('team access (postgres: %s)', (postgres) => {
  const fixture = routesFixture({ orders: 50, postgres });
  let shops: Shop[];
  let owner = '';
  let sku = '';

  beforeAll(async () => {
    shops = fixture.shops;
    owner = cookieOf(await postLogin('demo', freshIp(), { origin: ORIGIN }, 'owner@demo.example'));
    // The shop's own today (the UTC date is tomorrow in Los Angeles from 00:00 UTC: nothing to sync then).
    const today = localDayOf(Math.floor(Date.now() / 1000), shops[0]!.timezone);
    await fixture.engine.sync(shops[0]!, { from: today, to: today });
    sku = (
      await fixture.store.db
        .selectFrom('st_catalog_sku')
        .select('sku_id')
        .where('shop_id', '=', shops[0]!.id)
        .executeTakeFirstOrThrow()
    ).sku_id;
  }, 120_000);

  async function invite(email: string, role: string, seesProfit: boolean, shopIds: string[]) {
    const response = await send(inviteRoute, '/api/dashboard/team/invitations', owner, {
      method: 'POST',
      body: { email, role, seesProfit, shops: shopIds },
    });
    expect(response.status).toBe(201);
    return (await body<{ data: { invitation: { id: string }; path: string } }>(response)).data;
  }

  async function join(path: string, name: string) {
    const token = tokenOf(path);
    const response = await send(useLinkRoute, `/api/dashboard/links/${token}`, '', {
      method: 'POST',
      params: { token },
      body: { name, password: PASSWORD },
    });
    expect(response.status).toBe(200);
    return cookieOf(response);
  }

  async function personId(email: string) {
    const team = await body<{ data: { people: { id: string; email: string }[] } }>(
      await send(teamRoute, '/api/dashboard/team', owner),
    );
    return team.data.people.find((p) => p.email === email)!.id;
  }

  const shopIds = async (cookie: string) =>
    (await body<{ data: { items: Shop[] } }>(await send(shopsRoute, '/api/dashboard/shops', cookie))).data.items.map(
      (s) => s.id,
    );

  it('an invited editor joins from the link once, sees only their shop, and their cost change names them', async () => {
    const { path } = await invite('maria@team.example', 'editor', true, [shops[0]!.id]);
    const token = tokenOf(path);
    const info = await send(linkInfo, `/api/dashboard/links/${token}`, '', { params: { token } });
    expect((await body<{ data: { email: string; role: string } }>(info)).data).toMatchObject({
      email: 'maria@team.example',
      role: 'editor',
    });
    const maria = await join(path, 'Maria');
    expect(await shopIds(maria)).toEqual([shops[0]!.id]);

    // The link is used: a second use is refused in a sentence.
    const again = await send(useLinkRoute, `/api/dashboard/links/${token}`, '', {
      method: 'POST',
      params: { token },
      body: { password: PASSWORD },
    });
    expect(again.status).toBe(410);
    expect((await body<ErrorEnvelope>(again)).error.message).toMatch(/expired or was already used/);

    const shopId = shops[0]!.id;
    const saved = await send(cogsRoute, `/api/dashboard/shops/${shopId}/your-costs/cogs`, maria, {
      method: 'POST',
      params: { shopId },
      body: { skuId: sku, fromDay: '2026-01-01', unitCost: '4.20' },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const costs = await body<{ data: { audit: { by: string | null }[]; undoable: { by: string } | null } }>(
      await send(costsRoute, `/api/dashboard/shops/${shopId}/your-costs`, owner, { params: { shopId } }),
    );
    expect(costs.data.audit[0]!.by).toBe('Maria');
    expect(costs.data.undoable?.by).toBe('Maria');
    // Not her other shops: the same answer as a shop that does not exist.
    const other = shops[1]!.id;
    const refused = await send(cogsRoute, `/api/dashboard/shops/${other}/your-costs/cogs`, maria, {
      method: 'POST',
      params: { shopId: other },
      body: { skuId: 'sku-1', fromDay: '2026-01-01', unitCost: '4.20' },
    });
    expect(refused.status).toBe(404);
    expect((await body<ErrorEnvelope>(refused)).error.code).toBe('SHOP_NOT_FOUND');
  });

  it('a role change applies on the next request, and a removed person is signed out at once', async () => {
    const { path } = await invite('sam@team.example', 'editor', true, [shops[0]!.id]);
    const sam = await join(path, 'Sam');
    const id = await personId('sam@team.example');
    const shopId = shops[0]!.id;
    const undo = () =>
      send(undoRoute, `/api/dashboard/shops/${shopId}/your-costs/undo`, sam, { method: 'POST', params: { shopId } });
    expect((await undo()).status).not.toBe(403);

    const demoted = await send(changeRoute, `/api/dashboard/team/people/${id}`, owner, {
      method: 'PATCH',
      params: { id },
      body: { role: 'viewer' },
    });
    expect(demoted.status).toBe(200);
    const refused = await undo();
    expect(refused.status).toBe(403);
    expect((await body<ErrorEnvelope>(refused)).error.message).toMatch(/Viewers cannot change costs/);

    // Sam cannot give himself the role back, nor touch the team.
    const self = await send(changeRoute, `/api/dashboard/team/people/${id}`, sam, {
      method: 'PATCH',
      params: { id },
      body: { role: 'admin' },
    });
    expect(self.status).toBe(403);

    expect(
      (await send(removeRoute, `/api/dashboard/team/people/${id}`, owner, { method: 'DELETE', params: { id } })).status,
    ).toBe(200);
    expect((await send(shopsRoute, '/api/dashboard/shops', sam)).status).toBe(401);
  });

  it('refuses, in a sentence and changing nothing: a member invited again, an owner changing themselves, an admin removing the owner', async () => {
    await invite('ana@team.example', 'admin', true, []);
    const duplicate = await send(inviteRoute, '/api/dashboard/team/invitations', owner, {
      method: 'POST',
      body: { email: 'owner@demo.example', role: 'viewer', seesProfit: true, shops: [] },
    });
    expect(duplicate.status).toBe(409);
    expect((await body<ErrorEnvelope>(duplicate)).error.message).toMatch(/already a member/);

    const ownerId = await personId('owner@demo.example');
    const selfRemove = await send(removeRoute, `/api/dashboard/team/people/${ownerId}`, owner, {
      method: 'DELETE',
      params: { id: ownerId },
    });
    expect(selfRemove.status).toBe(403);

    const team = await body<{ data: { pending: { id: string; email: string }[] } }>(
      await send(teamRoute, '/api/dashboard/team', owner),
    );
    const pending = team.data.pending.find((l) => l.email === 'ana@team.example')!;
    const resent = await send(resendRoute, `/api/dashboard/team/invitations/${pending.id}`, owner, {
      method: 'POST',
      params: { id: pending.id },
    });
    const ana = await join((await body<{ data: { path: string } }>(resent)).data.path, 'Ana');
    const removeOwner = await send(removeRoute, `/api/dashboard/team/people/${ownerId}`, ana, {
      method: 'DELETE',
      params: { id: ownerId },
    });
    expect(removeOwner.status).toBe(403);
    expect((await body<ErrorEnvelope>(removeOwner)).error.message).toMatch(/Only an owner/);
    expect((await send(shopsRoute, '/api/dashboard/shops', owner)).status).toBe(200);

    const setup = await send(setupRoute, '/api/dashboard/setup', '', {
      method: 'POST',
      body: { email: 'intruder@x.example', name: 'X', password: PASSWORD },
    });
    expect(setup.status).toBe(409);
  });

  it('a revoked or expired invitation link no longer works, and a reset link ends the old sessions', async () => {
    const { invitation, path } = await invite('lee@team.example', 'viewer', false, [shops[0]!.id]);
    await send(revokeRoute, `/api/dashboard/team/invitations/${invitation.id}`, owner, {
      method: 'DELETE',
      params: { id: invitation.id },
    });
    const token = tokenOf(path);
    expect((await send(linkInfo, `/api/dashboard/links/${token}`, '', { params: { token } })).status).toBe(410);

    // A link past its 7 days: stored as the Team page would, but expired.
    const { token: stale } = await insertLink(fixture.store.db, {
      kind: 'invite',
      email: 'late@team.example',
      personId: null,
      role: 'viewer',
      seesProfit: false,
      shops: [],
      createdBy: 'Owner',
      ttlMs: -1,
    });
    const expired = await send(useLinkRoute, `/api/dashboard/links/${stale}`, '', {
      method: 'POST',
      params: { token: stale },
      body: { password: PASSWORD },
    });
    expect(expired.status).toBe(410);

    const second = await invite('lee@team.example', 'viewer', false, [shops[0]!.id]);
    const lee = await join(second.path, 'Lee');
    const id = await personId('lee@team.example');
    const reset = await send(resetRoute, `/api/dashboard/team/people/${id}/reset`, owner, {
      method: 'POST',
      params: { id },
    });
    expect(reset.status).toBe(201);
    const fresh = await join((await body<{ data: { path: string } }>(reset)).data.path, 'Lee');
    expect((await send(shopsRoute, '/api/dashboard/shops', lee)).status).toBe(401);
    expect((await send(shopsRoute, '/api/dashboard/shops', fresh)).status).toBe(200);
    // Lee's own account says what Lee may see: the switch is an access, not a figure to hide.
    const account = await body<{ data: { role: string; seesProfit: boolean } }>(
      await send(accountRoute, '/api/dashboard/account', fresh),
    );
    expect(account.data).toMatchObject({ role: 'viewer', seesProfit: false });
  });

  it('a person changes their own password (the current one is asked for) and signs out everywhere', async () => {
    const { path } = await invite('kim@team.example', 'viewer', true, []);
    const kim = await join(path, 'Kim');
    const other = cookieOf(await postLogin(PASSWORD, freshIp(), { origin: ORIGIN }, 'kim@team.example'));
    const wrong = await send(passwordRoute, '/api/dashboard/account/password', kim, {
      method: 'POST',
      body: { current: 'not it at all', next: 'another long passphrase' },
    });
    expect(wrong.status).toBe(401);
    const common = await send(passwordRoute, '/api/dashboard/account/password', kim, {
      method: 'POST',
      body: { current: PASSWORD, next: 'password123' },
    });
    expect(common.status).toBe(400);
    expect((await body<ErrorEnvelope>(common)).error.message).toMatch(/at least 10|most common/);
    const changed = await send(passwordRoute, '/api/dashboard/account/password', kim, {
      method: 'POST',
      body: { current: PASSWORD, next: 'another long passphrase' },
    });
    expect(changed.status).toBe(200);
    const kept = cookieOf(changed);
    expect((await send(shopsRoute, '/api/dashboard/shops', other)).status).toBe(401);
    expect((await send(shopsRoute, '/api/dashboard/shops', kept)).status).toBe(200);
    expect((await send(everywhereRoute, '/api/dashboard/account/sessions', kept, { method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await send(shopsRoute, '/api/dashboard/shops', kept)).status).toBe(401);
  });

  it('an unknown email and a wrong password get the same answer after the same work', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await postLogin('wrong password!', freshIp(), { origin: ORIGIN }, email);
      return {
        ms: performance.now() - started,
        error: (await body<ErrorEnvelope>(response)).error,
        status: response.status,
      };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    let answers = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const a = await timed('owner@demo.example');
      const b = await timed(`nobody-${i}@team.example`);
      known.push(a.ms);
      unknown.push(b.ms);
      answers = new Set([...answers, `${a.status} ${a.error.message}`, `${b.status} ${b.error.message}`]);
    }
    expect([...answers]).toEqual(['401 That email and password do not match.']);
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[2]!;
    // Both verify an Argon2id hash (a dummy one for an unknown email); without it an unknown email
    // would answer in about a millisecond, some fifty times faster. A busy machine spreads the times,
    // so the bound is a fifth, far above what skipping the hash would give.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.2);
  });
});
