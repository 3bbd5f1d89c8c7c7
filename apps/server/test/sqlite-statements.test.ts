import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROWS_AS_ARRAYS, withCachedStatements } from '../src/db/sqlite-statements';

let sqlite: SQLite.Database;
afterEach(() => {
  vi.restoreAllMocks();
  sqlite?.close();
});

function database() {
  sqlite = new SQLite(':memory:');
  sqlite.exec("create table t (id integer primary key, v text); insert into t values (1, 'a'), (2, 'b'), (3, 'c')");
  return sqlite;
}

describe('SQLite statements prepared once per SQL text', () => {
  it('prepares a SQL text once and runs it again with other parameters', () => {
    const raw = database();
    const prepare = vi.spyOn(raw, 'prepare');
    const db = withCachedStatements(raw);
    const select = 'select v from t where id = ?';
    expect(db.prepare(select).all([1])).toEqual([{ v: 'a' }]);
    expect(db.prepare(select).all([2])).toEqual([{ v: 'b' }]);
    db.prepare('update t set v = ? where id = ?').run(['z', 3]);
    expect(db.prepare(select).all([3])).toEqual([{ v: 'z' }]);
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([select, 'update t set v = ? where id = ?']);
  });

  it('gives a statement still being iterated a fresh twin instead of the busy one', () => {
    const db = withCachedStatements(database());
    const select = 'select id from t where id >= ? order by id';
    const streamed = db.prepare(select).iterate([1]);
    expect(streamed.next().value).toEqual({ id: 1 });
    // The same SQL while the stream is open: better-sqlite3 throws "busy" on the streaming statement.
    expect(db.prepare(select).all([2])).toEqual([{ id: 2 }, { id: 3 }]);
    expect([...streamed]).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('keeps the most recently used texts and prepares an evicted one again', () => {
    const raw = database();
    const prepare = vi.spyOn(raw, 'prepare');
    const db = withCachedStatements(raw, 2);
    const text = (n: number) => `select ${n} as n`;
    db.prepare(text(1));
    db.prepare(text(2));
    db.prepare(text(1)); // 1 is now the most recent: 2 goes first
    db.prepare(text(3));
    db.prepare(text(1));
    db.prepare(text(2));
    expect(prepare.mock.calls.map(([sql]) => sql)).toEqual([text(1), text(2), text(3), text(2)]);
  });

  it('answers rows as arrays for a text marked ROWS_AS_ARRAYS, its busy twin too, and objects for the same query unmarked', () => {
    const db = withCachedStatements(database());
    const select = 'select id, v from t where id >= ? order by id';
    expect(db.prepare(`${ROWS_AS_ARRAYS}${select}`).all([2])).toEqual([[2, 'b'], [3, 'c']]);
    expect(db.prepare(select).all([3])).toEqual([{ id: 3, v: 'c' }]);
    const streamed = db.prepare(`${ROWS_AS_ARRAYS}${select}`).iterate([1]);
    expect(streamed.next().value).toEqual([1, 'a']);
    expect(db.prepare(`${ROWS_AS_ARRAYS}${select}`).all([3])).toEqual([[3, 'c']]);
    streamed.return?.();
  });
});
