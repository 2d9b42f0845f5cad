import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { boundedCache } from '@/lib/config/caches';

// Kysely's SQLite driver calls `prepare(sql)` for every query; compiling a statement costs more
// than running most of ours (an index seek for a page of ten). Two caches avoid it:
//
// - one statement per SQL text (Kysely emits placeholders, so texts are few: one per query shape
//   and `in (…)` list length), used for writes and streamed reads;
// - for reads, one statement per SQL text *and* parameter values, bound once. SQLite re-prepares a
//   statement whenever a parameter the planner looked at is bound again (see "sqlite3_prepare_v2"
//   on host parameters and SQLITE_ENABLE_STAT4, which better-sqlite3 compiles in), which measured
//   12–40 µs per run on the order queries; a statement whose values never change never recompiles.
//   A new value set costs one prepare, as the re-prepare did.
//
// Both are bounded by the memory their statements hold (lib/config/cache-limits: a statement's
// compiled program, its SQL and its bound values), least recently used out; dropped statements
// are finalised by their GC.

/** A key for a parameter list, or undefined when a value has no exact JSON form (buffers, bigints). */
function valuesKey(parameters: readonly unknown[]): string | undefined {
  for (const value of parameters) {
    const plain = typeof value === 'string' || value === null || (typeof value === 'number' && Number.isFinite(value));
    if (!plain) return undefined;
  }
  return JSON.stringify(parameters);
}

/** `maxBytes`: each cache's bound instead of cache-limits' (a test's). */
export function cachingStatements(sqlite: Database.Database, maxBytes?: number): SqliteDatabase {
  const size = (_: Database.Statement, key: string) => ENTRY_BYTES.statement + 4 * key.length;
  const byText = boundedCache<string, Database.Statement>('sqliteStatements', { size, owned: true, maxBytes });
  const bound = boundedCache<string, Database.Statement>('sqliteStatements', { size, owned: true, maxBytes });

  function statementFor(sql: string): Database.Statement {
    const known = byText.get(sql);
    // A statement still being iterated (a streamed query) cannot start another run.
    if (known && !known.busy) return known;
    const statement = sqlite.prepare(sql);
    if (!known) byText.set(sql, statement);
    return statement;
  }

  function boundRead(sql: string, parameters: readonly unknown[]): Database.Statement | undefined {
    const values = valuesKey(parameters);
    if (values === undefined || parameters.length === 0) return undefined;
    const key = `${values}\n${sql}`;
    let statement = bound.get(key);
    if (!statement) {
      statement = sqlite.prepare(sql).bind(...parameters);
      bound.set(key, statement);
    }
    return statement;
  }

  return {
    prepare(sql): SqliteStatement {
      const statement = statementFor(sql);
      if (!statement.reader) return statement;
      return {
        reader: true,
        all: (parameters) => {
          const withValues = boundRead(sql, parameters);
          return withValues ? withValues.all() : statementFor(sql).all(...parameters);
        },
        run: (parameters) => statementFor(sql).run(...parameters),
        iterate: (parameters) => statementFor(sql).iterate(...parameters),
      };
    },
    close() {
      byText.clear();
      bound.clear();
      sqlite.close();
    },
  };
}
