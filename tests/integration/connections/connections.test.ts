import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError } from '@/lib/connections/input';
import {
  addConnection,
  connectionSecretProblems,
  getConnection,
  listConnections,
  openCredentials,
  removeConnection,
  renameConnection,
  rotateSecrets,
  updateConnection,
} from '@/lib/connections/store';
import { keyIdOf, keyringOf, sealedKeyId, SecretsError, type Keyring } from '@/lib/secrets';
import type { OrderStore } from '@/lib/store/order-store';
import { listTeamAudit, type Actor } from '@/lib/team/people';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// Upstream connections in the store, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: the
// secret is sealed at rest and never comes back from a list or a read; names and keys are
// unique; every change is in the Team history; SECRETS_KEY rotation re-seals, after which the
// old key is no longer needed.

const OWNER: Actor = { id: 'person-1', name: 'Olive Owner' };
const SECRET = 'sk_live_7f3a9c2e1b4d-very-secret';
const APP_KEY = 'acme-app-key-0042';
const ring = (current: Buffer | null, ...previous: Buffer[]): Keyring => keyringOf({ current, previous });

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'connections-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function refused(promise: Promise<unknown>): Promise<ConnectionError | SecretsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ConnectionError) && !(error instanceof SecretsError))
    throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])('connections (postgres: %s)', (postgres) => {
  let fixture: StoreFixture;
  let store: OrderStore;
  const key = randomBytes(32);
  const keyring = ring(key);
  const options = { keyring };

  beforeEach(async () => {
    fixture = await freshStore(dir, postgres);
    store = fixture.store;
  });
  afterEach(async () => {
    await fixture.close();
  });

  const add = (name: string, over: Partial<{ baseUrl: string; appKey: string; appSecret: string }> = {}) =>
    addConnection(
      store.db,
      { name, baseUrl: 'https://reporting.example.com/', appKey: APP_KEY, appSecret: SECRET, ...over },
      OWNER,
      options,
    );

  it('adds a connection whose list and read never carry the secret or the app key', async () => {
    const added = await add('  Acme   EU ');
    expect(added).toMatchObject({
      name: 'Acme EU',
      baseUrl: 'https://reporting.example.com',
      appKeyHint: 'acme…0042',
      createdBy: OWNER.id,
    });
    const results = [added, await listConnections(store.db), await getConnection(store.db, added.id)];
    for (const result of results) {
      const json = JSON.stringify(result);
      expect(json).not.toContain(SECRET);
      expect(json).not.toContain(APP_KEY);
      expect(json).not.toContain('v1.');
    }
    // At rest: sealed with SECRETS_KEY, the plain secret nowhere in the row.
    const row = await store.db.selectFrom('st_connection').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(sealedKeyId(row.secret_sealed)).toBe(keyIdOf(key));
    // Only openCredentials opens it, for the upstream client.
    expect(await openCredentials(store.db, added.id, keyring)).toEqual({
      baseUrl: 'https://reporting.example.com',
      appKey: APP_KEY,
      appSecret: SECRET,
    });
  });

  it('names are 1–80 characters and unique whatever their case; one key at one address is one connection', async () => {
    await add('Acme EU');
    expect((await refused(add('   '))).message).toBe("A connection's name is 1 to 80 characters.");
    expect((await refused(add('x'.repeat(81)))).code).toBe('INVALID');
    expect(await refused(add('acme eu', { appKey: 'another-key-123' }))).toMatchObject({
      code: 'NAME_TAKEN',
      message: 'Another connection is already named "Acme EU".',
    });
    expect(await refused(add('Acme US'))).toMatchObject({ code: 'KEY_TAKEN', field: 'appKey' });
    await add('Acme on staging', { baseUrl: 'https://staging.example.com' });
    expect(await listConnections(store.db)).toHaveLength(2);
  });

  it.each([
    ['ftp://reporting.example.com', /must start with http:\/\/ or https:\/\//],
    ['reporting.example.com', /is not an address/],
    ['https://user:pw@reporting.example.com', /must not hold a user name or a password/],
    ['https://reporting.example.com/?x=1', /must not hold a query/],
  ])('refuses the base URL %s with a sentence', async (baseUrl, message) => {
    expect(await refused(add('Acme', { baseUrl }))).toMatchObject({ code: 'INVALID', field: 'baseUrl', message });
    expect(await listConnections(store.db)).toEqual([]);
  });

  it('refuses an empty key or secret without echoing it', async () => {
    expect(await refused(add('Acme', { appKey: ' ' }))).toMatchObject({ field: 'appKey' });
    const error = await refused(add('Acme', { appSecret: 'has a space' }));
    expect(error).toMatchObject({ field: 'appSecret' });
    expect(error.message).not.toContain('has a space');
  });

  it('renames, changes and removes, each in the Team history without a secret', async () => {
    const added = await add('Acme EU');
    const renamed = await renameConnection(store.db, added.id, 'Acme Europe', OWNER, options);
    expect(renamed.name).toBe('Acme Europe');
    await updateConnection(
      store.db,
      added.id,
      { baseUrl: 'https://eu.reporting.example.com', appSecret: 'new-secret-value-99' },
      OWNER,
      options,
    );
    expect(await openCredentials(store.db, added.id, keyring)).toMatchObject({
      baseUrl: 'https://eu.reporting.example.com',
      appKey: APP_KEY,
      appSecret: 'new-secret-value-99',
    });
    // Nothing changed: nothing recorded.
    await updateConnection(store.db, added.id, { name: 'Acme Europe' }, OWNER, options);
    const removed = await removeConnection(store.db, added.id, OWNER);
    expect(removed.id).toBe(added.id);
    expect(await getConnection(store.db, added.id)).toBeNull();
    expect((await refused(removeConnection(store.db, added.id, OWNER))).code).toBe('NOT_FOUND');
    expect((await refused(openCredentials(store.db, added.id, keyring))).code).toBe('NOT_FOUND');

    const history = (await listTeamAudit(store.db)).map((e) => [e.actorName, e.action, e.summary]);
    expect(history.reverse()).toEqual([
      ['Olive Owner', 'connection-add', 'Added the connection "Acme EU" (https://reporting.example.com)'],
      ['Olive Owner', 'connection-rename', 'Connection "Acme Europe": renamed "Acme EU" to "Acme Europe"'],
      [
        'Olive Owner',
        'connection-change',
        'Connection "Acme Europe": base URL https://reporting.example.com → https://eu.reporting.example.com; a new app secret',
      ],
      ['Olive Owner', 'connection-remove', 'Removed the connection "Acme Europe" (https://eu.reporting.example.com)'],
    ]);
    expect(JSON.stringify(history)).not.toContain('secret-value');
  });

  it('without SECRETS_KEY a connection is not stored, and the sentence says why', async () => {
    const error = await refused(
      addConnection(
        store.db,
        { name: 'Acme', baseUrl: 'https://r.example.com', appKey: APP_KEY, appSecret: SECRET },
        OWNER,
        { keyring: ring(null) },
      ),
    );
    expect(error).toMatchObject({ code: 'NO_KEY' });
    expect(error.message).toMatch(/^SECRETS_KEY is not set, so the secret of connection "Acme" cannot be stored/);
    expect(await listConnections(store.db)).toEqual([]);
  });

  it('a changed SECRETS_KEY is refused with a sentence, never decrypted into garbage', async () => {
    const added = await add('Acme EU');
    const other = ring(randomBytes(32));
    const error = await refused(openCredentials(store.db, added.id, other));
    expect(error.code).toBe('UNKNOWN_KEY');
    expect(error.message).toMatch(/^The secret of connection "Acme EU" was sealed with another SECRETS_KEY/);
    expect(await connectionSecretProblems(store.db, other)).toEqual([error.message]);
    expect(await connectionSecretProblems(store.db, keyring)).toEqual([]);
    expect(await connectionSecretProblems(store.db, ring(null))).toEqual([
      expect.stringMatching(/^SECRETS_KEY is not set, so the secret of connection "Acme EU" cannot be read/),
    ]);
    // A sealed value copied into another row does not open there either.
    const second = await add('Acme US', { appKey: 'acme-us-key-0001' });
    await store.db
      .updateTable('st_connection')
      .set({
        secret_sealed: (await store.db
          .selectFrom('st_connection')
          .select('secret_sealed')
          .where('id', '=', added.id)
          .executeTakeFirstOrThrow())!.secret_sealed,
      })
      .where('id', '=', second.id)
      .execute();
    expect((await refused(openCredentials(store.db, second.id, keyring))).code).toBe('TAMPERED');
  });

  it('rotation re-seals every secret with the new key in one go; then the old key is no longer needed', async () => {
    const a = await add('Acme EU');
    const b = await add('Acme US', { appKey: 'acme-us-key-0001', appSecret: 'us-secret-000111' });
    const next = randomBytes(32);
    const during = ring(next, key);
    // Before rotation, the old key still opens (SECRETS_KEY_PREVIOUS) and new seals use the new one.
    expect((await openCredentials(store.db, a.id, during)).appSecret).toBe(SECRET);
    const c = await addConnection(
      store.db,
      { name: 'Acme UK', baseUrl: 'https://r.example.com', appKey: 'acme-uk-key-0001', appSecret: 'uk-secret-000222' },
      OWNER,
      { keyring: during },
    );
    expect(
      sealedKeyId(
        (
          await store.db
            .selectFrom('st_connection')
            .select('secret_sealed')
            .where('id', '=', c.id)
            .executeTakeFirstOrThrow()
        ).secret_sealed,
      ),
    ).toBe(keyIdOf(next));
    expect(await rotateSecrets(store.db, during)).toEqual({ resealed: 2 });
    expect(await rotateSecrets(store.db, during)).toEqual({ resealed: 0 });
    const after = ring(next);
    expect((await openCredentials(store.db, a.id, after)).appSecret).toBe(SECRET);
    expect((await openCredentials(store.db, b.id, after)).appSecret).toBe('us-secret-000111');
    expect((await openCredentials(store.db, c.id, after)).appSecret).toBe('uk-secret-000222');
    const rows = await store.db.selectFrom('st_connection').select('secret_sealed').execute();
    expect(rows.map((r) => sealedKeyId(r.secret_sealed))).toEqual(rows.map(() => keyIdOf(next)));
    expect((await refused(openCredentials(store.db, a.id, ring(key)))).code).toBe('UNKNOWN_KEY');
  });

  it('rotation that meets a secret no key opens changes nothing and says which', async () => {
    await add('Acme EU');
    const stranger = randomBytes(32);
    await addConnection(
      store.db,
      { name: 'Lost key', baseUrl: 'https://r.example.com', appKey: 'lost-app-key-0001', appSecret: 'lost-secret' },
      OWNER,
      { keyring: ring(stranger) },
    );
    const before = await store.db.selectFrom('st_connection').select(['id', 'secret_sealed']).orderBy('id').execute();
    const error = await refused(rotateSecrets(store.db, ring(randomBytes(32), key)));
    expect(error.message).toMatch(/^The secret of connection "Lost key" was sealed with another SECRETS_KEY/);
    expect(await store.db.selectFrom('st_connection').select(['id', 'secret_sealed']).orderBy('id').execute()).toEqual(
      before,
    );
  });
});
