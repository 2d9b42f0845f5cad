import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shop } from '@/lib/contract';
import { DashboardError } from '@/lib/api/dashboard-error';
import { createPersonalToken, revokeToken } from '@/lib/server/actions/tokens';
import { requireTokenPerson, resetTokenThrottleForTests, TOKEN_REQUESTS_PER_MINUTE } from '@/lib/session/bearer';
import { deletePerson, getPerson, insertPerson, listTeamAudit, setGrants, type Person } from '@/lib/team/people';
import { createAccessToken } from '@/lib/team/tokens';
import { startRoutesFixture, type RoutesFixture, type RoutesHolder } from '@/tests/support/api/routes-fixture';
import { ORIGIN } from './support';

// Personal access tokens, the core the route wrapper and the MCP server stand on
// (lib/session/bearer requireTokenPerson): a token is its person's access as the store has it at
// each use, narrowed to its shops; every token that cannot be used gets one identical 401; the
// throttle counts per token; each creation, refused use and revocation is in the Team history.
// On SQLite and, with TEST_DATABASE_URL, PostgreSQL.

const holder: RoutesHolder = {};
vi.mock('@/lib/store', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getOrderStore: async () => holder.store!,
}));
vi.mock('@/lib/sync', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getSyncEngine: async () => holder.engine!,
}));

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
  let fixture: RoutesFixture;
  let shops: Shop[];
  let viewer: Person;
  const db = () => holder.store!.db;

  beforeAll(async () => {
    fixture = await startRoutesFixture(holder, { orders: 20, postgres });
    shops = fixture.shops;
    const id = await insertPerson(db(), {
      email: 'viewer@team.example',
      name: 'Vera Viewer',
      role: 'viewer',
      seesProfit: false,
      shops: [shops[0]!.id, shops[1]!.id],
      passwordHash: null,
    });
    viewer = (await getPerson(db(), id))!;
  }, 120_000);

  afterAll(() => fixture?.close());

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
});
