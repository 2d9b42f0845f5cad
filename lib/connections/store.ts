import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { currentKeyring, openSecret, sealedKeyId, sealSecret, SecretsError, type Keyring } from '@/lib/secrets';
import type { StoreDatabase } from '@/lib/store';
import type { ConnectionTable } from '@/lib/store/team-tables';
import { recordTeamChange, type Actor } from '@/lib/team/people';
import {
  connectionAppKey,
  connectionAppSecret,
  connectionBaseUrl,
  connectionName,
  ConnectionError,
  credentialsInput,
  type Credentials,
} from './input';

// Upstream connections in the dashboard's store (docs/ARCHITECTURE.md#connections): each change
// in one transaction with its line in the Team history. The app secret is sealed on write
// (lib/secrets, bound to the connection's id) and never leaves this module but through
// openCredentials, which only the upstream client calls: a Connection carries no secret, and no
// app key but a hint of it.

type Db = Kysely<StoreDatabase>;
type Trx = Transaction<StoreDatabase>;

export interface Connection {
  id: string;
  name: string;
  baseUrl: string;
  /** The app key's first and last characters ("demo…-key"): enough to tell keys apart. */
  appKeyHint: string;
  /**
   * What its shops' ids start with (`<prefix>~<shop id>`): a short hash of the address and the key,
   * so connecting the same key again finds its shops' stored orders and grants again.
   */
  prefix: string;
  createdAt: number;
  updatedAt: number;
  createdBy: string | null;
}

export interface WriteOptions {
  keyring?: Keyring;
  now?: number;
}

/** A sealed secret is bound to its row: the same ciphertext in another row does not open. */
const sealContext = (id: string) => `st_connection:${id}`;
const subjectOf = (name: string) => `The secret of connection "${name}"`;

export function keyHint(appKey: string): string {
  if (appKey.length >= 12) return `${appKey.slice(0, 4)}…${appKey.slice(-4)}`;
  return appKey.length >= 6 ? `…${appKey.slice(-2)}` : '…';
}

/** The shop-id prefix of a key at an address (see Connection.prefix). */
export function keyPrefix(baseUrl: string, appKey: string): string {
  return createHash('sha256').update(`${baseUrl}\n${appKey}`).digest('hex').slice(0, 8);
}

function toConnection(row: ConnectionTable): Connection {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.base_url,
    appKeyHint: keyHint(row.app_key),
    prefix: keyPrefix(row.base_url, row.app_key),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    createdBy: row.created_by,
  };
}

export async function listConnections(db: Db | Trx): Promise<Connection[]> {
  const rows = await db.selectFrom('st_connection').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toConnection);
}

export async function getConnection(db: Db | Trx, id: string): Promise<Connection | null> {
  const row = await db.selectFrom('st_connection').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toConnection(row) : null;
}

async function rowOf(db: Db | Trx, id: string): Promise<ConnectionTable> {
  const row = await db.selectFrom('st_connection').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ConnectionError('NOT_FOUND', 'This connection does not exist (it may have been removed).');
  return row;
}

/** Names are unique whatever their case; one (base URL, app key) is one connection (one budget). */
async function checkUnique(trx: Trx, fields: { name: string; baseUrl: string; appKey: string }, except?: string) {
  const rows = await trx.selectFrom('st_connection').select(['id', 'name', 'base_url', 'app_key']).execute();
  for (const row of rows) {
    if (row.id === except) continue;
    if (row.name.toLowerCase() === fields.name.toLowerCase())
      throw new ConnectionError('NAME_TAKEN', `Another connection is already named "${row.name}".`, 'name');
    if (row.base_url === fields.baseUrl && row.app_key === fields.appKey)
      throw new ConnectionError(
        'KEY_TAKEN',
        `This app key at this address is already connected as "${row.name}": one key has one budget, so it is connected once.`,
        'appKey',
      );
  }
}

export interface NewConnection extends Credentials {
  name: string;
}

/** Adds a connection; its secret sealed with SECRETS_KEY (a SecretsError when that is unset). */
export async function addConnection(
  db: Db,
  input: NewConnection,
  actor: Actor,
  options: WriteOptions = {},
): Promise<Connection> {
  const name = connectionName(input.name);
  const { baseUrl, appKey, appSecret } = credentialsInput(input);
  const id = randomUUID();
  const now = options.now ?? Date.now();
  const sealed = sealSecret(appSecret, options.keyring ?? currentKeyring(), sealContext(id), subjectOf(name));
  return db.transaction().execute(async (trx) => {
    await checkUnique(trx, { name, baseUrl, appKey });
    const row: ConnectionTable = {
      id,
      name,
      base_url: baseUrl,
      app_key: appKey,
      secret_sealed: sealed,
      created_at: now,
      updated_at: now,
      created_by: actor.id,
    };
    await trx.insertInto('st_connection').values(row).execute();
    await recordTeamChange(trx, actor, 'connection-add', `Added the connection "${name}" (${baseUrl})`, now);
    return toConnection(row);
  });
}

export interface ConnectionPatch {
  name?: string;
  baseUrl?: string;
  appKey?: string;
  /** A new secret (sealed with the current key); unset keeps the stored one. */
  appSecret?: string;
}

/** Changes what `patch` names; the Team history says which fields changed, never their secrets. */
export async function updateConnection(
  db: Db,
  id: string,
  patch: ConnectionPatch,
  actor: Actor,
  options: WriteOptions = {},
): Promise<Connection> {
  const name = patch.name === undefined ? undefined : connectionName(patch.name);
  const baseUrl = patch.baseUrl === undefined ? undefined : connectionBaseUrl(patch.baseUrl);
  const appKey = patch.appKey === undefined ? undefined : connectionAppKey(patch.appKey);
  const appSecret = patch.appSecret === undefined ? undefined : connectionAppSecret(patch.appSecret);
  const now = options.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const before = await rowOf(trx, id);
    const after: ConnectionTable = {
      ...before,
      name: name ?? before.name,
      base_url: baseUrl ?? before.base_url,
      app_key: appKey ?? before.app_key,
      secret_sealed:
        appSecret === undefined
          ? before.secret_sealed
          : sealSecret(appSecret, options.keyring ?? currentKeyring(), sealContext(id), subjectOf(name ?? before.name)),
      updated_at: now,
    };
    const changes = [
      after.name !== before.name ? `renamed "${before.name}" to "${after.name}"` : null,
      after.base_url !== before.base_url ? `base URL ${before.base_url} → ${after.base_url}` : null,
      after.app_key !== before.app_key ? 'a new app key' : null,
      appSecret !== undefined ? 'a new app secret' : null,
    ].filter((change): change is string => change !== null);
    if (changes.length === 0) return toConnection(before);
    await checkUnique(trx, { name: after.name, baseUrl: after.base_url, appKey: after.app_key }, id);
    await trx
      .updateTable('st_connection')
      .set({
        name: after.name,
        base_url: after.base_url,
        app_key: after.app_key,
        secret_sealed: after.secret_sealed,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    const action = changes.length === 1 && after.name !== before.name ? 'connection-rename' : 'connection-change';
    await recordTeamChange(trx, actor, action, `Connection "${after.name}": ${changes.join('; ')}`, now);
    return toConnection(after);
  });
}

export function renameConnection(db: Db, id: string, name: string, actor: Actor, options: WriteOptions = {}) {
  return updateConnection(db, id, { name }, actor, options);
}

/** Removes a connection and returns it (its caller stops what runs on it: sync, scheduler). */
export async function removeConnection(db: Db, id: string, actor: Actor, now = Date.now()): Promise<Connection> {
  return db.transaction().execute(async (trx) => {
    const row = await rowOf(trx, id);
    await trx.deleteFrom('st_connection').where('id', '=', id).execute();
    await recordTeamChange(
      trx,
      actor,
      'connection-remove',
      `Removed the connection "${row.name}" (${row.base_url})`,
      now,
    );
    return toConnection(row);
  });
}

/**
 * The connection's base URL, app key and opened secret: for the upstream client only, never for
 * an answer, a log line or an export. A secret that does not open is a SecretsError with a sentence.
 */
export async function openCredentials(db: Db | Trx, id: string, keyring?: Keyring): Promise<Credentials> {
  const row = await rowOf(db, id);
  return {
    baseUrl: row.base_url,
    appKey: row.app_key,
    appSecret: openSecret(row.secret_sealed, keyring ?? currentKeyring(), sealContext(id), subjectOf(row.name)),
  };
}

/**
 * Re-seals every stored secret that is not sealed with SECRETS_KEY yet, in one transaction: after
 * it, SECRETS_KEY_PREVIOUS is no longer needed. Idempotent (a secret sealed with the current key
 * is left alone); a secret that opens with no key of the ring stops it, and nothing changes.
 */
export async function rotateSecrets(db: Db, keyring: Keyring = currentKeyring()): Promise<{ resealed: number }> {
  const current = keyring.current;
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('st_connection').select(['id', 'name', 'secret_sealed']).execute();
    let resealed = 0;
    for (const row of rows) {
      if (current && sealedKeyId(row.secret_sealed) === current.id) continue;
      const plain = openSecret(row.secret_sealed, keyring, sealContext(row.id), subjectOf(row.name));
      const sealed = sealSecret(plain, keyring, sealContext(row.id), subjectOf(row.name));
      await trx
        .updateTable('st_connection')
        .set({ secret_sealed: sealed })
        .where('id', '=', row.id)
        .where('secret_sealed', '=', row.secret_sealed)
        .execute();
      resealed += 1;
    }
    return { resealed };
  });
}

/**
 * What keeps stored secrets from opening with this server's keys, one sentence per connection
 * (empty: every secret opens). For the start-up check and readiness: SECRETS_KEY missing or
 * changed is said before a sync or a Test button trips over it.
 */
export async function connectionSecretProblems(db: Db | Trx, keyring: Keyring = currentKeyring()): Promise<string[]> {
  const rows = await db.selectFrom('st_connection').select(['id', 'name', 'secret_sealed']).orderBy('name').execute();
  const problems: string[] = [];
  for (const row of rows) {
    try {
      openSecret(row.secret_sealed, keyring, sealContext(row.id), subjectOf(row.name));
    } catch (error) {
      if (!(error instanceof SecretsError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}
