import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '@/lib/costs/types';
import { ENTRY_COLUMNS as SHARED_ENTRY_COLUMNS, type CostKindTable, type CostRow } from '@/lib/costs/kind';
import { KINDS } from '@/lib/costs/kinds';
import { CostInputError } from '@/lib/costs/errors';
import type { HistoryDetail } from '@/lib/costs/history';
import { plainHistory } from '@/lib/costs/history-sentence';
import { chunks } from '@/lib/db/chunks';
import { currentActor } from '@/lib/log';
import type { StoreDatabase } from './schema';

// The audit trail of the seller's inputs (docs/ARCHITECTURE.md#your-costs). Every write is a list
// of changes `{table, id, before, after}` of full rows, applied and recorded in one transaction, so
// an undo can put back exactly what was there, and can tell when the rows moved on since.

export type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

/** The columns of each table of the inputs: every kind's (lib/costs/kinds), the shared entries table, the rates. */
export const COST_TABLES = {
  ...Object.fromEntries(KINDS.map((k) => [k.store.table, k.store.columns])),
  st_your_cost_entry: SHARED_ENTRY_COLUMNS,
  st_fx_rate: ['id', 'currency', 'target', 'from_day', 'rate'],
} as unknown as Record<CostKindTable | 'st_fx_rate', readonly string[]>;
export type CostTable = CostKindTable | 'st_fx_rate';

export type Row = CostRow;
export interface Change {
  table: CostTable;
  id: string;
  before: Row | null;
  after: Row | null;
}

/** The audit scope of the exchange rates (they belong to the seller, not to a shop). */
export const FX_SCOPE = 'fx';

const NUMERIC = new Set(['amount_cents', 'unit_cost_cents']);
// Kysely's typed builder cannot take a table chosen at run time; these four tables share the shape
// this loose view describes, and `normalise` checks every row that comes back.
type Loose = Kysely<Record<CostTable, Row>>;
const loose = (db: Db) => db as unknown as Loose;

/** A row with exactly the table's columns, numbers as numbers (pg and SQLite agree after this). */
export function normalise(table: CostTable, row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const column of COST_TABLES[table]) {
    const value = row[column];
    out[column] = value === null || value === undefined ? null : NUMERIC.has(column) ? Number(value) : String(value);
  }
  return out;
}

const same = (a: Row | null, b: Row | null) => JSON.stringify(a) === JSON.stringify(b);
const scoped = (table: CostTable) => table !== 'st_fx_rate';

/** The current rows of `ids` in `table` (of the shop `scope`, for shop tables), by id. */
async function currentRows(db: Db, scope: string, table: CostTable, ids: readonly string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  for (const batch of chunks(ids, 400)) {
    let query = loose(db).selectFrom(table).selectAll().where('id', 'in', batch);
    if (scoped(table)) query = query.where('shop_id', '=', scope);
    for (const row of await query.execute()) out.set(String(row.id), normalise(table, row));
  }
  return out;
}

/**
 * Applies the changes: every row leaving (deleted or replaced) goes first, then every arriving
 * row is inserted, so a swap of unique keys (a COGS date moved onto another's) never collides.
 */
export async function applyChanges(db: Db, scope: string, changes: readonly Change[]): Promise<void> {
  const byTable = new Map<CostTable, Change[]>();
  for (const change of changes) {
    const list = byTable.get(change.table);
    if (list) list.push(change);
    else byTable.set(change.table, [change]);
  }
  for (const [table, list] of byTable) {
    const leaving = list.filter((c) => c.before !== null).map((c) => c.id);
    for (const batch of chunks(leaving, 400)) {
      let query = loose(db).deleteFrom(table).where('id', 'in', batch);
      if (scoped(table)) query = query.where('shop_id', '=', scope);
      await query.execute();
    }
    const arriving = list.flatMap((c) => (c.after ? [c.after] : []));
    for (const batch of chunks(arriving, 100)) await loose(db).insertInto(table).values(batch).execute();
  }
}

function toEntry(row: {
  id: string;
  at: number;
  action: string;
  detail: string;
  undone_at: number | null;
  actor_name: string | null;
}): AuditEntry {
  return {
    id: row.id,
    at: Number(row.at),
    action: row.action,
    detail: JSON.parse(row.detail) as HistoryDetail,
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
    by: row.actor_name,
  };
}

const ENTRY_COLUMNS = ['id', 'at', 'action', 'detail', 'undone_at', 'actor_name'] as const;

/** Records one change set (`detail`: what it was, structured); `at` is strictly after the scope's previous entry, so "newest" is well defined. */
export async function recordAudit(
  db: Db,
  scope: string,
  detail: HistoryDetail,
  changes: readonly Change[],
  now = Date.now(),
): Promise<AuditEntry> {
  const last = await db
    .selectFrom('st_your_costs_audit')
    .select('at')
    .where('scope', '=', scope)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const at = Math.max(now, last ? Number(last.at) + 1 : 0);
  // The person the request is served for (the route wrapper names them); none for scripts.
  const actor = currentActor();
  const row = {
    scope,
    id: crypto.randomUUID(),
    at,
    action: detail.action,
    detail: JSON.stringify(detail),
    changes: JSON.stringify(changes),
    undone_at: null,
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? null,
  };
  await db.insertInto('st_your_costs_audit').values(row).execute();
  return toEntry(row);
}

/**
 * Looks at a change set before it is applied, inside its transaction, and may refuse it (by
 * throwing: nothing is written). Every write of the inputs goes through commitChanges or undoLast,
 * so one guard sees every kind of write, imports, restores and undos alike (the books' warning before
 * a closed month changes, lib/server/actions/closed-months).
 */
export type ChangeGuard = (scope: string, changes: readonly Change[]) => void | Promise<void>;

const guards = new AsyncLocalStorage<ChangeGuard>();

/** Runs `fn` with `guard` looking at every change set it writes. */
export function withChangeGuard<T>(guard: ChangeGuard, fn: () => Promise<T>): Promise<T> {
  return guards.run(guard, fn);
}

/** Applies and records a change set in one transaction. */
export async function commitChanges(
  db: Kysely<StoreDatabase>,
  scope: string,
  detail: HistoryDetail,
  changes: readonly Change[],
): Promise<AuditEntry> {
  return db.transaction().execute(async (trx) => {
    await guards.getStore()?.(scope, changes);
    await applyChanges(trx, scope, changes);
    return recordAudit(trx, scope, detail, changes);
  });
}

/** The scope's trail, newest first. */
export async function listAudit(db: Db, scope: string, limit = 100): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('st_your_costs_audit')
    .select(ENTRY_COLUMNS)
    .where('scope', '=', scope)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

/** What an undo would revert: the newest entry not yet undone and not itself an undo. */
export async function undoableEntry(db: Db, scope: string): Promise<AuditEntry | null> {
  const row = await db
    .selectFrom('st_your_costs_audit')
    .select(ENTRY_COLUMNS)
    .where('scope', '=', scope)
    .where('undone_at', 'is', null)
    .where('action', '!=', 'undo')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** How an undo refusal names a row: by its kind's words (a shared-table row by its `kind`). */
function rowWord(change: Change): string {
  if (change.table === 'st_fx_rate') return 'an exchange rate';
  const kindId = (change.after ?? change.before)?.kind;
  const kind = KINDS.find((k) => k.store.table === change.table && (kindId === undefined || k.id === kindId));
  return kind?.labels.rowWord ?? 'an entry';
}

/**
 * Reverts the newest undoable change of `scope` exactly, records it as an `undo` entry and marks the
 * original undone. Refuses (CONFLICT) when a row it touched is no longer as that change left it.
 */
export async function undoLast(
  db: Kysely<StoreDatabase>,
  scope: string,
): Promise<{ undone: AuditEntry; audit: AuditEntry }> {
  return db.transaction().execute(async (trx) => {
    const entry = await undoableEntry(trx, scope);
    if (!entry)
      throw new CostInputError(
        'NOTHING_TO_UNDO',
        'There is nothing to undo: every change here has been undone already, or none was made.',
      );
    // Claim the entry first: a second undo at the same moment waits on this row (PostgreSQL) and
    // then finds it taken, instead of reverting the same change twice.
    const claimed = await trx
      .updateTable('st_your_costs_audit')
      .set({ undone_at: Date.now() })
      .where('scope', '=', scope)
      .where('id', '=', entry.id)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1)
      throw new CostInputError(
        'CONFLICT',
        'That change was undone by another request just now. Reload to see the current figures.',
      );
    const stored = await trx
      .selectFrom('st_your_costs_audit')
      .select('changes')
      .where('scope', '=', scope)
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    const changes = JSON.parse(stored.changes) as Change[];
    for (const table of new Set(changes.map((c) => c.table))) {
      const list = changes.filter((c) => c.table === table);
      const current = await currentRows(
        trx,
        scope,
        table,
        list.map((c) => c.id),
      );
      const moved = list.find((c) => !same(current.get(c.id) ?? null, c.after));
      if (moved) {
        throw new CostInputError(
          'CONFLICT',
          `"${plainHistory(entry.detail)}" can't be undone: ${rowWord(moved)} it touched has changed since (it was edited or deleted elsewhere). Reload to see the current figures.`,
        );
      }
    }
    const reverse = changes.map((c) => ({ table: c.table, id: c.id, before: c.after, after: c.before }));
    await guards.getStore()?.(scope, reverse);
    await applyChanges(trx, scope, reverse);
    const undo: HistoryDetail = { kind: entry.detail.kind, action: 'undo', values: {}, undid: entry.detail };
    const audit = await recordAudit(trx, scope, undo, reverse);
    await trx
      .updateTable('st_your_costs_audit')
      .set({ undone_at: audit.at })
      .where('scope', '=', scope)
      .where('id', '=', entry.id)
      .execute();
    return { undone: { ...entry, undoneAt: audit.at }, audit };
  });
}
