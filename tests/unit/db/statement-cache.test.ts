import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_BYTES } from '@/lib/config/cache-limits';
import { cachingStatements } from '@/lib/db/statement-cache';

// Room for two of these tests' statements with their values (lib/config/cache-limits' sizes), and
// not three: the longest is '[2]\nSELECT n FROM t WHERE n >= ? ORDER BY n', the shortest '[1]\nSELECT ? AS v'.
const TWO = 2 * (ENTRY_BYTES.entry + ENTRY_BYTES.statement + 4 * '[2]\nSELECT n FROM t WHERE n >= ? ORDER BY n'.length);

describe('cachingStatements', () => {
  let sqlite: Database.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  function open() {
    sqlite = new Database(':memory:');
    sqlite.exec("CREATE TABLE t (n INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, NULL);");
    return { db: cachingStatements(sqlite, TWO), prepare: vi.spyOn(sqlite, 'prepare') };
  }

  it('answers reads with the values of each run, compiling a text once and a value set once', () => {
    const { db, prepare } = open();
    const sql = 'SELECT n FROM t WHERE n >= ? ORDER BY n';
    expect(db.prepare(sql).all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare(sql).all([3])).toEqual([{ n: 3 }]);
    const compiled = prepare.mock.calls.length;
    expect(db.prepare(sql).all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(db.prepare(sql).all([3])).toEqual([{ n: 3 }]);
    expect(prepare.mock.calls.length).toBe(compiled);
    expect(db.prepare('SELECT s FROM t WHERE s IS ?').all([null])).toEqual([{ s: null }]);
    expect(db.prepare('SELECT count(*) AS c FROM t').all([])).toEqual([{ c: 3 }]);
  });

  it('tells equal-looking values of different types apart', () => {
    const { db } = open();
    const sql = 'SELECT typeof(?) AS type';
    expect(db.prepare(sql).all(['1'])).toEqual([{ type: 'text' }]);
    expect(db.prepare(sql).all([1])).toEqual(sqlite.prepare(sql).all(1));
    expect(db.prepare(sql).all([1])).not.toEqual([{ type: 'text' }]);
    expect(db.prepare(sql).all([Buffer.from('1')])).toEqual([{ type: 'blob' }]);
  });

  it('runs writes with their own values, and reads see them', () => {
    const { db } = open();
    const insert = db.prepare('INSERT INTO t (n) VALUES (?)');
    expect(insert.reader).toBe(false);
    insert.run([7]);
    db.prepare('INSERT INTO t (n) VALUES (?)').run([8]);
    expect(db.prepare('SELECT n FROM t WHERE n > ? ORDER BY n').all([3])).toEqual([{ n: 7 }, { n: 8 }]);
  });

  it('streams reads, and the text serves runs again afterwards', () => {
    const { db } = open();
    const sql = 'SELECT n FROM t WHERE n > ? ORDER BY n';
    expect([...db.prepare(sql).iterate([0])]).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const iterator = db.prepare(sql).iterate([1]);
    expect(iterator.next().value).toEqual({ n: 2 });
    iterator.return?.();
    expect(db.prepare(sql).all([2])).toEqual([{ n: 3 }]);
  });

  it('stays bounded: evicted statements are compiled again on next use', () => {
    const { db, prepare } = open();
    for (const n of [1, 2, 3, 1]) db.prepare('SELECT ? AS v').all([n]);
    // room for 2: the value set 1 was evicted by 2 and 3, so its second run compiled again.
    expect(prepare.mock.calls.filter(([sql]) => sql === 'SELECT ? AS v')).toHaveLength(5);
  });

  it('closes the database', () => {
    const { db } = open();
    db.close();
    expect(sqlite.open).toBe(false);
  });
});
