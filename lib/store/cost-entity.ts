import 'server-only';
import type { Kysely } from 'kysely';
import { CostInputError } from '@/lib/costs/errors';
import { before, type HistoryValues } from '@/lib/costs/history';
import type { StoredKind } from '@/lib/costs/kind';
import { commitChanges, normalise, type CostTable, type Db, type Row } from './cost-audit';
import type { StoreDatabase } from './schema';

// One entry of the seller's inputs (an entry of any cost kind, an exchange rate): create, update,
// delete, each a change set of one row written through cost-audit's trail.

export type Store = Kysely<StoreDatabase>;
export type New<T> = Omit<T, 'id'>;

export interface Entity<T extends { id: string }> {
  table: CostTable;
  /** The shared entries table's `kind` (null: a table of its own). */
  kind?: string | null;
  toRow: (scope: string, item: T) => Row;
  fromRow: (row: Record<string, unknown>) => T;
  notFound: string;
  /** The history's kind of its entries (a cost kind's id, `rate`). */
  history: string;
}

/** An item's values in the history (lib/costs/history). */
export type ValuesOf<T> = (item: New<T>) => Promise<HistoryValues> | HistoryValues;

/** The entity of a cost kind (its table, rows and 404 sentence). */
export function kindEntity<T extends { id: string }>(kind: StoredKind<T>): Entity<T> {
  return {
    table: kind.store.table,
    kind: kind.store.table === 'st_your_cost_entry' ? kind.id : null,
    toRow: kind.store.toRow,
    fromRow: kind.store.fromRow,
    notFound: kind.labels.notFound,
    history: kind.id,
  };
}

/** A comparator over several text keys, in order. */
export const byKeys =
  <T>(...keys: ((t: T) => string)[]) =>
  (a: T, b: T) => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/** A comparator over the list of text keys each item gives. */
export const byKeyList =
  <T>(keys: (t: T) => string[]) =>
  (a: T, b: T) => {
    const x = keys(a);
    const y = keys(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  };

// Kysely's typed builder cannot take a table chosen at run time; `normalise` checks every row.
type Loose = Kysely<Record<CostTable, Row>>;

export async function readOne<T extends { id: string }>(
  db: Db,
  entity: Entity<T>,
  scope: string,
  id: string,
): Promise<Row> {
  const loose = db as unknown as Loose;
  let query = loose.selectFrom(entity.table).selectAll().where('id', '=', id);
  if (entity.table !== 'st_fx_rate') query = query.where('shop_id', '=', scope);
  if (entity.kind) query = query.where('kind', '=', entity.kind);
  const row = await query.executeTakeFirst();
  if (!row) throw new CostInputError('NOT_FOUND', entity.notFound);
  return normalise(entity.table, row);
}

export async function create<T extends { id: string }>(
  db: Store,
  entity: Entity<T>,
  scope: string,
  fields: New<T>,
  values: ValuesOf<T>,
) {
  const item = { ...fields, id: crypto.randomUUID() } as T;
  const detail = { kind: entity.history, action: 'create' as const, values: await values(fields) };
  const audit = await commitChanges(db, scope, detail, [
    { table: entity.table, id: item.id, before: null, after: entity.toRow(scope, item) },
  ]);
  return { item, audit };
}

export async function update<T extends { id: string }>(
  db: Store,
  entity: Entity<T>,
  scope: string,
  id: string,
  fields: New<T>,
  values: ValuesOf<T>,
) {
  const beforeRow = await readOne(db, entity, scope, id);
  const item = { ...fields, id } as T;
  const old = before(await values(entity.fromRow(beforeRow)));
  const detail = { kind: entity.history, action: 'update' as const, values: { ...old, ...(await values(fields)) } };
  const audit = await commitChanges(db, scope, detail, [
    { table: entity.table, id, before: beforeRow, after: entity.toRow(scope, item) },
  ]);
  return { item, audit };
}

export async function remove<T extends { id: string }>(
  db: Store,
  entity: Entity<T>,
  scope: string,
  id: string,
  values: ValuesOf<T>,
) {
  const beforeRow = await readOne(db, entity, scope, id);
  const detail = { kind: entity.history, action: 'delete' as const, values: await values(entity.fromRow(beforeRow)) };
  const audit = await commitChanges(db, scope, detail, [{ table: entity.table, id, before: beforeRow, after: null }]);
  return { audit };
}
