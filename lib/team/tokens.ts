import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { logWarning } from '@/lib/log';
import type { AccessTokenTable } from '@/lib/store/team-tables';
import { recordTeamChange, type Db, type Person } from './people';

// Personal access tokens and live links (docs/ARCHITECTURE.md#access-tokens-and-live-links): a
// person hands a program their read-only access. A token is a recognisable prefix and 32 random
// bytes (base64url); only the SHA-256 of the whole text is stored (the secret has 256 bits, so a
// fast hash is right: nothing to guess, and a reader of the database learns nothing usable). It
// is shown once, when it is made. What it may read is its person's access as the store has it at
// each use, narrowed to its shops (a live link: to its one export and view); never more.

export type TokenKind = 'personal' | 'live';

/** The text every personal token starts with, so a leaked one is recognised (secret scanners, logs). */
export const PERSONAL_TOKEN_PREFIX = 'spd_pat_';
/** The text every live link's token starts with. */
export const LIVE_TOKEN_PREFIX = 'spd_live_';

/** A live link's export and view: the endpoint's name, its path parameters and its query. */
export interface LiveScope {
  endpoint: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

export interface AccessToken {
  id: string;
  kind: TokenKind;
  personId: string;
  name: string;
  /** The prefix and first characters of the token, to recognise it in a list. */
  hint: string;
  /** The shops it is narrowed to; null: every shop its person sees. */
  shops: string[] | null;
  scope: LiveScope | null;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
  revokedBy: string | null;
}

/** The stored hash of a token's text. */
export const hashAccessToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function toToken(row: AccessTokenTable): AccessToken {
  return {
    id: row.id,
    kind: row.kind === 'live' ? 'live' : 'personal',
    personId: row.person_id,
    name: row.name,
    hint: row.hint,
    shops: row.shops === null ? null : (JSON.parse(row.shops) as string[]),
    scope: row.scope === null ? null : (JSON.parse(row.scope) as LiveScope),
    createdAt: Number(row.created_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    revokedBy: row.revoked_by,
  };
}

export interface NewAccessToken {
  kind: TokenKind;
  personId: string;
  name: string;
  shops: readonly string[] | null;
  scope?: LiveScope;
  expiresAt: number | null;
}

/** Makes a token and stores its hash: the token's text (shown once) and what was stored. */
export async function createAccessToken(
  db: Db,
  input: NewAccessToken,
  now = Date.now(),
): Promise<{ token: string; record: AccessToken }> {
  const prefix = input.kind === 'live' ? LIVE_TOKEN_PREFIX : PERSONAL_TOKEN_PREFIX;
  const token = prefix + randomBytes(32).toString('base64url');
  const row: AccessTokenTable = {
    id: randomUUID(),
    token_hash: hashAccessToken(token),
    kind: input.kind,
    person_id: input.personId,
    name: input.name,
    hint: `${token.slice(0, prefix.length + 4)}…`,
    shops: input.shops === null ? null : JSON.stringify([...input.shops].sort()),
    scope: input.scope ? JSON.stringify(input.scope) : null,
    created_at: now,
    expires_at: input.expiresAt,
    last_used_at: null,
    revoked_at: null,
    revoked_by: null,
  };
  await db.insertInto('st_access_token').values(row).execute();
  return { token, record: toToken(row) };
}

/** The token whose text hashes to `hash` (revoked and expired ones too: the caller decides). */
export async function findAccessToken(db: Db, hash: string): Promise<AccessToken | null> {
  const row = await db.selectFrom('st_access_token').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  return row ? toToken(row) : null;
}

export async function getAccessToken(db: Db, id: string): Promise<AccessToken | null> {
  const row = await db.selectFrom('st_access_token').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toToken(row) : null;
}

/** Every token of `personId`, or of everyone (null), newest first. */
export async function listAccessTokens(db: Db, personId: string | null): Promise<AccessToken[]> {
  let query = db.selectFrom('st_access_token').selectAll();
  if (personId !== null) query = query.where('person_id', '=', personId);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toToken);
}

/** Revokes a token (once: a second revocation changes nothing); whether it was live before. */
export async function revokeAccessToken(db: Db, id: string, byName: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('st_access_token')
    .set({ revoked_at: now, revoked_by: byName })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Notes a use of the token (at most once a minute per token: a busy spreadsheet writes little).
 * Not awaited by a request: a failure is logged, never the request's.
 */
export function noteTokenUse(db: Db, token: AccessToken, now = Date.now()): void {
  if (token.lastUsedAt !== null && now - token.lastUsedAt < 60_000) return;
  db.updateTable('st_access_token')
    .set({ last_used_at: now })
    .where('id', '=', token.id)
    .execute()
    .catch((error: unknown) => logWarning('tokens', "could not note a token's last use", error));
}

/**
 * Puts a refused use of an existing token in the Team history (`reason`: revoked, expired, …).
 * Not awaited by a request, so a refusal takes as long whichever token it was.
 */
export function noteRefusedUse(db: Db, token: AccessToken, personName: string | null, reason: string): void {
  recordTeamChange(
    db,
    { id: token.personId, name: personName ?? 'A removed person' },
    'token-refused',
    `A use of ${token.kind === 'live' ? 'live link' : 'access token'} "${token.name}" (${token.hint}) was refused: ${reason}.`,
  ).catch((error: unknown) => logWarning('tokens', 'could not record a refused token use', error));
}

/** Whether a token may be used at `now` (not revoked, not expired). */
export function isTokenLive(token: AccessToken, now = Date.now()): boolean {
  return token.revokedAt === null && (token.expiresAt === null || token.expiresAt > now);
}

/**
 * Its person as the token reads: the person's access as the store has it now, narrowed to the
 * token's shops (a shop the person no longer sees stays out; a token never widens access).
 */
export function narrowToToken(person: Person, token: AccessToken): Person {
  if (token.shops === null) return person;
  const shops = person.shops === 'all' ? token.shops : token.shops.filter((id) => person.shops.includes(id));
  return { ...person, shops: [...shops] };
}
