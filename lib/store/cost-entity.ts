import 'server-only';
import type { Kysely } from 'kysely';
import { CostInputError } from '@/lib/costs/errors';
import { commitChanges, normalise, type CostTable, type Db, type Row } from './cost-audit';
import type { StoreDatabase } from './schema';

// One entry of the seller's inputs (an ad spend row, an expense, a COGS entry, an exchange rate):
// create, update, delete, each a change set of one row written through cost-audit's trail.

export type Store = Kysely<StoreDatabase>;
export type New<T> = Omit<T, 'id'>;

export interface Entity<T extends { id: string }> {
  table: CostTable;
  toRow: (scope: string, item: T) => Row;
  fromRow: (row: Record<string, unknown>) => T;
  notFound: string;
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

export async function readOne<T extends { id: string }>(
  db: Db,
  entity: Entity<T>,
  scope: string,
  id: string,
): Promise<Row> {
  const query =
    entity.table === 'st_fx_rate'
      ? db.selectFrom('st_fx_rate').selectAll().where('id', '=', id)
      : db.selectFrom(entity.table).selectAll().where('shop_id', '=', scope).where('id', '=', id);
  const row = await query.executeTakeFirst();
  if (!row) throw new CostInputError('NOT_FOUND', entity.notFound);
  return normalise(entity.table, row);
}

export async function create<T extends { id: string }>(
  db: Store,
  entity: Entity<T>,
  scope: string,
  fields: New<T>,
  summary: string,
) {
  const item = { ...fields, id: crypto.randomUUID() } as T;
  const audit = await commitChanges(db, scope, 'create', summary, [
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
  summary: (before: T) => string,
) {
  const beforeRow = await readOne(db, entity, scope, id);
  const item = { ...fields, id } as T;
  const audit = await commitChanges(db, scope, 'update', summary(entity.fromRow(beforeRow)), [
    { table: entity.table, id, before: beforeRow, after: entity.toRow(scope, item) },
  ]);
  return { item, audit };
}

export async function remove<T extends { id: string }>(
  db: Store,
  entity: Entity<T>,
  scope: string,
  id: string,
  summary: (before: T) => Promise<string> | string,
) {
  const beforeRow = await readOne(db, entity, scope, id);
  const audit = await commitChanges(db, scope, 'delete', await summary(entity.fromRow(beforeRow)), [
    { table: entity.table, id, before: beforeRow, after: null },
  ]);
  return { audit };
}
