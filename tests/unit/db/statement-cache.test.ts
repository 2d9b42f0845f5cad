import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingStatements } from '@/lib/db/statement-cache';

describe('cachingStatements', () => {
  let sqlite: Database.Database;
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  function open() {
    sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);');
    return sqlite;
  }

  it('reuses one statement per SQL text and binds new values on each run', () => {
    const db = cachingStatements(open());
    const first = db.prepare('SELECT n FROM t WHERE n >= ?');
    const again = db.prepare('SELECT n FROM t WHERE n >= ?');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(first.all([3])).toEqual([{ n: 3 }]);
    expect(db.prepare('SELECT n FROM t WHERE n < ?')).not.toBe(first);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const db = cachingStatements(open());
    const cached = db.prepare('SELECT n FROM t') as unknown as Database.Statement;
    const iterator = cached.iterate();
    iterator.next();
    const other = db.prepare('SELECT n FROM t');
    expect(other).not.toBe(cached);
    expect(other.all([])).toHaveLength(3);
    iterator.return?.();
    expect(db.prepare('SELECT n FROM t')).toBe(cached);
  });

  it('keeps at most `limit` statements, dropping the least recently used', () => {
    const db = cachingStatements(open(), 2);
    const one = db.prepare('SELECT 1');
    const two = db.prepare('SELECT 2');
    db.prepare('SELECT 1');
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).toBe(one);
    expect(db.prepare('SELECT 2')).not.toBe(two);
  });

  it('closes the database', () => {
    const db = cachingStatements(open());
    db.close();
    expect(sqlite.open).toBe(false);
  });
});
