import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db, WAL_SIZE_LIMIT } from '../src/db/database';
import { BACKSTOP_AUTOCHECKPOINT, DEFAULT_AUTOCHECKPOINT, startCheckpointer } from '../src/db/sqlite-checkpointer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function databaseFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-checkpointer-'));
  dirs.push(dir);
  return path.join(dir, 'db.sqlite');
}

const PAGE = 4096;

/** Waits (polling, no time asserted) until `done` holds, or fails after `ms`. */
async function eventually(done: () => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function autocheckpoint(db: Db) {
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
  return rows[0].wal_autocheckpoint;
}

describe('SQLite checkpoints in a worker thread (issue 32)', () => {
  it('copies committed pages into the database file while the server connection only commits', async () => {
    const file = databaseFile();
    const db = createDb({ url: file, backgroundCheckpoints: true });
    try {
      // The server's connection would checkpoint only past the backstop: 2,000 pages stay below it.
      expect(await autocheckpoint(db)).toBe(BACKSTOP_AUTOCHECKPOINT);
      await sql`create table blobs (b blob)`.execute(db);
      for (let i = 0; i < 200; i++) await sql`insert into blobs values (randomblob(${10 * PAGE}))`.execute(db);
      // Until a checkpoint, the pages are in the WAL only; then the database file holds them.
      await eventually(() => fs.statSync(file).size >= 2000 * PAGE);
      expect(fs.statSync(file).size).toBeGreaterThanOrEqual(2000 * PAGE);
    } finally {
      await db.destroy();
    }
    // Closed in order: the worker's connection first, then the server's, the last, which folds the
    // WAL in and removes it. The data is all there.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = new SQLite(file, { readonly: true });
    expect(again.prepare('select count(*) as n from blobs').get()).toEqual({ n: 200 });
    again.close();
  });

  it('cuts the WAL file back once a write larger than its limit has been checkpointed', async () => {
    const file = databaseFile();
    const wal = () => fs.statSync(`${file}-wal`).size;
    const db = createDb({ url: file, backgroundCheckpoints: true });
    try {
      await sql`create table blobs (b blob)`.execute(db);
      // One transaction past the limit, as a large layout import writes.
      const pages = WAL_SIZE_LIMIT / PAGE + 2000;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < pages / 100; i++) await sql`insert into blobs values (randomblob(${100 * PAGE}))`.execute(trx);
      });
      expect(wal()).toBeGreaterThan(WAL_SIZE_LIMIT);
      // Once the checkpointer has copied it all, the next commit starts the WAL over and cuts the file.
      await eventually(() => fs.statSync(file).size >= pages * PAGE);
      for (let i = 0; wal() > WAL_SIZE_LIMIT; i++) {
        if (i > 200) throw new Error(`the WAL stayed at ${wal()} bytes`);
        await sql`insert into blobs values (randomblob(16))`.execute(db);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(wal()).toBeLessThanOrEqual(WAL_SIZE_LIMIT);
    } finally {
      await db.destroy();
    }
  });

  it('leaves checkpoints to SQLite when not asked for (tests, command-line tools)', async () => {
    const db = createDb({ url: databaseFile() });
    try {
      expect(await autocheckpoint(db)).toBe(DEFAULT_AUTOCHECKPOINT);
    } finally {
      await db.destroy();
    }
  });

  it('gives the checkpoints back to the server connection when the worker fails', async () => {
    const file = databaseFile();
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    try {
      startCheckpointer(sqlite, file, { driver: path.join(os.tmpdir(), 'no-such-driver.js') });
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_AUTOCHECKPOINT);
      await eventually(() => sqlite.pragma('wal_autocheckpoint', { simple: true }) === DEFAULT_AUTOCHECKPOINT);
    } finally {
      sqlite.close();
    }
  });
});
