import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '@/lib/store';
import type { PersonTable } from '@/lib/store/team-tables';
import { effectiveSeesProfit, isRole, seesAllShops, type Role } from './roles';

// People, their shops and the Team history, in the dashboard's store (docs/ARCHITECTURE.md#team-access);
// one-time links are ./links.ts's. Rules about who may do what live in roles.ts and the team
// loader; this module only reads and writes.

export type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export interface Person {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The switch as set ("can see costs and profit"). */
  seesProfitSwitch: boolean;
  /** What applies: owners and admins always see them. */
  seesProfit: boolean;
  /** Shop ids granted, or 'all' for owners and admins. */
  shops: string[] | 'all';
  createdAt: number;
  lastSignInAt: number | null;
  sessionsFrom: number;
  hasPassword: boolean;
  /** The locale chosen on Account ("de-DE"), or null: as the browser asks. */
  locale: string | null;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function toPerson(row: PersonTable, shops: string[]): Person {
  const role: Role = isRole(row.role) ? row.role : 'viewer';
  const switchOn = Number(row.sees_profit) === 1;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    seesProfitSwitch: switchOn,
    seesProfit: effectiveSeesProfit(role, switchOn),
    shops: seesAllShops(role) ? 'all' : shops,
    createdAt: Number(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
    sessionsFrom: Number(row.sessions_from),
    hasPassword: row.password_hash !== null,
    locale: row.locale ?? null,
  };
}

async function grantsOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('st_person_shop')
    .select(['person_id', 'shop_id'])
    .where('person_id', 'in', ids)
    .orderBy('shop_id')
    .execute();
  for (const row of rows) out.set(row.person_id, [...(out.get(row.person_id) ?? []), row.shop_id]);
  return out;
}

export async function countPeople(db: Db): Promise<number> {
  const row = await db
    .selectFrom('st_person')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function getPerson(db: Db, id: string): Promise<Person | null> {
  const row = await db.selectFrom('st_person').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return toPerson(row, (await grantsOf(db, [id])).get(id) ?? []);
}

/** The person with `email` and their password hash (for sign-in only). */
export async function findByEmail(
  db: Db,
  email: string,
): Promise<{ person: Person; passwordHash: string | null } | null> {
  const row = await db
    .selectFrom('st_person')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!row) return null;
  return { person: toPerson(row, (await grantsOf(db, [row.id])).get(row.id) ?? []), passwordHash: row.password_hash };
}

export async function passwordHashOf(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('st_person').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function listPeople(db: Db): Promise<Person[]> {
  const rows = await db.selectFrom('st_person').selectAll().orderBy('created_at').orderBy('email').execute();
  const grants = await grantsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPerson(row, grants.get(row.id) ?? []));
}

export interface NewPerson {
  email: string;
  name: string;
  role: Role;
  seesProfit: boolean;
  shops: readonly string[];
  passwordHash: string | null;
}

export async function insertPerson(db: Db, input: NewPerson, now = Date.now()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('st_person')
    .values({
      id,
      email: normaliseEmail(input.email),
      name: input.name.trim() || normaliseEmail(input.email),
      password_hash: input.passwordHash,
      role: input.role,
      sees_profit: input.seesProfit ? 1 : 0,
      created_at: now,
      last_sign_in_at: null,
      sessions_from: 0,
      locale: null,
    })
    .execute();
  await setGrants(db, id, input.shops);
  return id;
}

export async function setGrants(db: Db, personId: string, shops: readonly string[]): Promise<void> {
  await db.deleteFrom('st_person_shop').where('person_id', '=', personId).execute();
  const unique = [...new Set(shops)];
  if (unique.length > 0)
    await db
      .insertInto('st_person_shop')
      .values(unique.map((shop_id) => ({ person_id: personId, shop_id })))
      .execute();
}

export interface PersonPatch {
  name?: string;
  role?: Role;
  seesProfit?: boolean;
  passwordHash?: string;
  /** Ends every session signed in before now. */
  endSessions?: boolean;
  lastSignInAt?: number;
  /** A supported locale tag, or null: as the browser asks. */
  locale?: string | null;
}

export async function updatePerson(db: Db, id: string, patch: PersonPatch, now = Date.now()): Promise<void> {
  const set: Partial<PersonTable> = {};
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.role !== undefined) set.role = patch.role;
  if (patch.seesProfit !== undefined) set.sees_profit = patch.seesProfit ? 1 : 0;
  if (patch.passwordHash !== undefined) set.password_hash = patch.passwordHash;
  if (patch.endSessions) set.sessions_from = now;
  if (patch.lastSignInAt !== undefined) set.last_sign_in_at = patch.lastSignInAt;
  if (patch.locale !== undefined) set.locale = patch.locale;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('st_person').set(set).where('id', '=', id).execute();
}

export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.deleteFrom('st_person_shop').where('person_id', '=', id).execute();
  await db
    .updateTable('st_team_link')
    .set({ revoked_at: Date.now() })
    .where('person_id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('st_person').where('id', '=', id).execute();
}

export async function countOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('st_person')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// The Team history --------------------------------------------------------------------------

export interface Actor {
  id: string | null;
  name: string;
}

export interface TeamAuditEntry {
  id: string;
  at: number;
  actorName: string;
  action: string;
  summary: string;
}

export async function recordTeamChange(db: Db, actor: Actor, action: string, summary: string, now = Date.now()) {
  await db
    .insertInto('st_team_audit')
    .values({ id: randomUUID(), at: now, actor_id: actor.id, actor_name: actor.name, action, summary })
    .execute();
}

export async function listTeamAudit(db: Db, limit = 100): Promise<TeamAuditEntry[]> {
  const rows = await db.selectFrom('st_team_audit').selectAll().orderBy('at', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    at: Number(r.at),
    actorName: r.actor_name,
    action: r.action,
    summary: r.summary,
  }));
}

/** The email of the earliest owner (sign-in without an email means them), or null before setup. */
export async function firstOwnerEmail(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('st_person')
    .select('email')
    .where('role', '=', 'owner')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}
