import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

// Kysely's SQLite driver calls `prepare(sql)` for every query, and compiling a statement costs
// more than running most of ours (an index seek for a page of ten). Statements are reused per SQL
// text instead; the values are bound on each run, so one statement serves every parameter set.
// Kysely emits placeholders, never inlined values, so the number of distinct texts is small (one
// per query shape and `in (…)` list length); the cache is still bounded, least recently used out.

const DEFAULT_LIMIT = 500;

export function cachingStatements(sqlite: Database.Database, limit = DEFAULT_LIMIT): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(sql) {
      const known = statements.get(sql);
      // A statement still being iterated (a streamed query) cannot start another run.
      if (known && !known.busy) {
        statements.delete(sql);
        statements.set(sql, known);
        return known;
      }
      const statement = sqlite.prepare(sql);
      if (!known) {
        if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
