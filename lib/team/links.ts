import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TeamLinkTable } from '@/lib/store/team-tables';
import { normaliseEmail, type Db } from './people';
import { isRole, type Role } from './roles';

// One-time links (docs/ARCHITECTURE.md#team-access): invitations and password resets. Only a
// SHA-256 of each token is stored; the token itself is shown (or emailed) once.

export type LinkKind = 'invite' | 'reset';

export interface TeamLink {
  id: string;
  kind: LinkKind;
  email: string;
  personId: string | null;
  role: Role;
  seesProfit: boolean;
  shops: string[];
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

function toLink(row: TeamLinkTable): TeamLink {
  return {
    id: row.id,
    kind: row.kind === 'reset' ? 'reset' : 'invite',
    email: row.email,
    personId: row.person_id,
    role: isRole(row.role) ? row.role : 'viewer',
    seesProfit: Number(row.sees_profit) === 1,
    shops: JSON.parse(row.shops) as string[],
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

export interface NewLink {
  kind: LinkKind;
  email: string;
  personId: string | null;
  role: Role;
  seesProfit: boolean;
  shops: readonly string[];
  createdBy: string;
  ttlMs: number;
}

/** Stores a link (its token's hash only) and returns the token, which is shown once. */
export async function insertLink(db: Db, input: NewLink, now = Date.now()): Promise<{ link: TeamLink; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const row: TeamLinkTable = {
    id: randomUUID(),
    token_hash: hashToken(token),
    kind: input.kind,
    email: normaliseEmail(input.email),
    person_id: input.personId,
    role: input.role,
    sees_profit: input.seesProfit ? 1 : 0,
    shops: JSON.stringify([...new Set(input.shops)]),
    created_by: input.createdBy,
    created_at: now,
    expires_at: now + input.ttlMs,
    used_at: null,
    revoked_at: null,
  };
  await db.insertInto('st_team_link').values(row).execute();
  return { link: toLink(row), token };
}

export async function findLinkByToken(db: Db, token: string): Promise<TeamLink | null> {
  const row = await db
    .selectFrom('st_team_link')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ? toLink(row) : null;
}

export async function getLink(db: Db, id: string): Promise<TeamLink | null> {
  const row = await db.selectFrom('st_team_link').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toLink(row) : null;
}

/** Marks the link used; false when another request used or revoked it first. */
export async function claimLink(db: Db, id: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('st_team_link')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeLinks(db: Db, where: { id?: string; email?: string }, now = Date.now()): Promise<number> {
  let query = db
    .updateTable('st_team_link')
    .set({ revoked_at: now })
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (where.id) query = query.where('id', '=', where.id);
  if (where.email) query = query.where('email', '=', normaliseEmail(where.email));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Links not used, not revoked and not expired, newest first. */
export async function pendingLinks(db: Db, now = Date.now()): Promise<TeamLink[]> {
  const rows = await db
    .selectFrom('st_team_link')
    .selectAll()
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toLink);
}
