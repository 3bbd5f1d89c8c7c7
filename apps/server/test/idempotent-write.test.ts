import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database';
import { fieldError } from '../src/lib/errors';
import { idempotentWrite, TwinWrites } from '../src/lib/idempotent-write';
import { createDatabase, databases } from './helpers';

/*
 * The idempotent client-uuid write (lib/idempotent-write) on its own, on tables of its own: many
 * copies of one write sent at once make one row, and every copy answers the first answer. On
 * PostgreSQL the copies run on several connections of the pool, so they truly overlap.
 */

/** A write of this suite: the row it records with its uuid, and the answer it gives (which copy wrote). */
type Probe = { writer: string };

const CLIENT = 7;

for (const kind of databases) {
  describe(`idempotent client-uuid write [${kind}]`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    let uuidCount = 0;
    const newUuid = () => `probe-${kind}-${++uuidCount}`;

    beforeAll(async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-idempotent-'));
      const database = await createDatabase(kind, dir);
      drop = database.drop;
      db = createDb({ url: database.url });
      // No unique key: only the lookups keep a second copy out.
      await sql`create table probe_plain (client_id integer not null, client_uuid varchar(64) not null, writer varchar(64) not null)`.execute(
        db,
      );
      // The unique key the real tables have on (client_id, client_uuid).
      await sql`create table probe_unique (client_id integer not null, client_uuid varchar(64) not null, writer varchar(64) not null, primary key (client_id, client_uuid))`.execute(
        db,
      );
    });
    afterAll(async () => {
      await db?.destroy();
      await drop?.();
    });

    const earlierIn = (table: 'probe_plain' | 'probe_unique') => async (from: Db, uuid: string) => {
      const { rows } =
        await sql<Probe>`select writer from ${sql.table(table)} where client_id = ${CLIENT} and client_uuid = ${uuid}`.execute(
          from,
        );
      return rows[0] ?? null;
    };
    const insertInto =
      (table: 'probe_plain' | 'probe_unique') => async (trx: Db, uuid: string | null, writer: string) => {
        await sql`insert into ${sql.table(table)} (client_id, client_uuid, writer) values (${CLIENT}, ${uuid ?? `none-${writer}`}, ${writer})`.execute(
          trx,
        );
        return { writer };
      };
    const rowsOf = async (table: 'probe_plain' | 'probe_unique', uuid: string) => {
      const { rows } =
        await sql<Probe>`select writer from ${sql.table(table)} where client_id = ${CLIENT} and client_uuid = ${uuid}`.execute(
          db,
        );
      return rows.map((r) => r.writer);
    };
    /** Lookups of the uuid before the write: before the lock (PostgreSQL only) and under it. */
    const lookupsBeforeWrite = kind === 'postgres' ? 2 : 1;
    /** The lock the writes of one kind take turns under (a plant's row in the modules): an advisory lock here. */
    const lock = async (trx: Db) => {
      if (kind === 'postgres') await sql`select pg_advisory_xact_lock(4242)`.execute(trx);
      return 'locked';
    };

    it('writes one row when twelve copies of one uuid arrive at once under a lock, and answers all twelve with it', async () => {
      const uuid = newUuid();
      const copies = Array.from({ length: 12 }, (_, i) => `copy-${i}`);
      const answers = await Promise.all(
        copies.map((writer) =>
          idempotentWrite({
            db,
            clientUuid: uuid,
            earlier: earlierIn('probe_plain'),
            lock,
            write: (trx) => insertInto('probe_plain')(trx, uuid, writer),
          }),
        ),
      );
      const rows = await rowsOf('probe_plain', uuid);
      expect(rows).toHaveLength(1);
      expect(answers.map((a) => a.answer)).toEqual(copies.map(() => ({ writer: rows[0] })));
      expect(answers.filter((a) => !a.replayed)).toEqual([{ answer: { writer: rows[0] }, replayed: false }]);
    });

    it('answers a resend of a written uuid, writing nothing; on PostgreSQL before taking the lock', async () => {
      const uuid = newUuid();
      let locks = 0;
      const countedLock = async (trx: Db) => {
        locks++;
        return lock(trx);
      };
      const first = await idempotentWrite({
        db,
        clientUuid: uuid,
        earlier: earlierIn('probe_plain'),
        lock: countedLock,
        write: (trx) => insertInto('probe_plain')(trx, uuid, 'first'),
      });
      const resend = await idempotentWrite({
        db,
        clientUuid: uuid,
        earlier: earlierIn('probe_plain'),
        lock: countedLock,
        write: (trx) => insertInto('probe_plain')(trx, uuid, 'resend'),
      });
      expect({ first, resend, locks, rows: await rowsOf('probe_plain', uuid) }).toEqual({
        first: { answer: { writer: 'first' }, replayed: false },
        resend: { answer: { writer: 'first' }, replayed: true },
        // SQLite: a lookup waits for the one connection as the lock does, so it is made under it.
        locks: kind === 'postgres' ? 1 : 2,
        rows: ['first'],
      });
    });

    it('writes every call without a uuid', async () => {
      const before = await sql<{
        n: number;
      }>`select count(*) as n from probe_plain where writer like 'no-uuid-%'`.execute(db);
      const answers = await Promise.all(
        ['no-uuid-a', 'no-uuid-b'].map((writer) =>
          idempotentWrite({
            db,
            clientUuid: null,
            earlier: earlierIn('probe_plain'),
            lock,
            write: (trx) => insertInto('probe_plain')(trx, null, writer),
          }),
        ),
      );
      const after = await sql<{
        n: number;
      }>`select count(*) as n from probe_plain where writer like 'no-uuid-%'`.execute(db);
      expect(answers).toEqual([
        { answer: { writer: 'no-uuid-a' }, replayed: false },
        { answer: { writer: 'no-uuid-b' }, replayed: false },
      ]);
      expect(Number(after.rows[0].n) - Number(before.rows[0].n)).toBe(2);
    });

    it('rethrows a failure when no twin wrote the uuid, and keeps nothing of the failed write', async () => {
      const uuid = newUuid();
      const failure = new Error('storage went away');
      await expect(
        idempotentWrite({
          db,
          clientUuid: uuid,
          earlier: earlierIn('probe_unique'),
          lock,
          write: async (trx) => {
            await insertInto('probe_unique')(trx, uuid, 'failing');
            throw failure;
          },
        }),
      ).rejects.toBe(failure);
      expect(await rowsOf('probe_unique', uuid)).toEqual([]);
    });

    it('never turns a refusal into an earlier answer, even when a twin has written the uuid by then', async () => {
      const uuid = newUuid();
      const refusal = fieldError('state', 'validation.invalid');
      // The lookups before the write find nothing; any later one finds a twin's answer.
      let lookups = 0;
      const earlier = async () => (++lookups > lookupsBeforeWrite ? { writer: 'twin' } : null);
      const outcome = idempotentWrite({
        db,
        clientUuid: uuid,
        earlier,
        lock,
        write: async () => {
          throw refusal;
        },
      });
      await expect(outcome).rejects.toBe(refusal);
      expect(lookups).toBe(lookupsBeforeWrite);
    });

    it('answers the twin after a failure that is not a refusal (the unique key refused this copy)', async () => {
      const uuid = newUuid();
      let lookups = 0;
      const earlier = async () => (++lookups > lookupsBeforeWrite ? { writer: 'twin' } : null);
      const answer = await idempotentWrite({
        db,
        clientUuid: uuid,
        earlier,
        lock,
        write: async (): Promise<Probe> => {
          throw new Error('duplicate key value violates unique constraint');
        },
      });
      expect({ answer, lookups }).toEqual({
        answer: { answer: { writer: 'twin' }, replayed: true },
        lookups: lookupsBeforeWrite + 1,
      });
    });

    it.skipIf(kind !== 'postgres')(
      'lets the unique key decide between copies that all passed both lookups: one row, the others answer it after their insert fails',
      async () => {
        const uuid = newUuid();
        const copies = Array.from({ length: 6 }, (_, i) => `twin-${i}`);
        // Every copy waits, inside its transaction, until all have looked the uuid up and found
        // nothing: then all insert at once and only the unique key can tell them apart.
        let arrived = 0;
        let release!: () => void;
        const allArrived = new Promise<void>((resolve) => (release = resolve));
        const answers = await Promise.all(
          copies.map((writer) =>
            idempotentWrite({
              db,
              clientUuid: uuid,
              earlier: earlierIn('probe_unique'),
              write: async (trx) => {
                if (++arrived === copies.length) release();
                await allArrived;
                return insertInto('probe_unique')(trx, uuid, writer);
              },
            }),
          ),
        );
        const rows = await rowsOf('probe_unique', uuid);
        expect(rows).toHaveLength(1);
        expect(answers.map((a) => a.answer)).toEqual(copies.map(() => ({ writer: rows[0] })));
        expect(answers.filter((a) => a.replayed)).toHaveLength(copies.length - 1);
      },
    );
  });
}

/*
 * Copies of one write in flight in one process at once (TwinWrites): the first writes, the others
 * take its answer or its refusal. No database: what it saves is the twins' queries.
 */
describe('twin writes in flight', () => {
  /** A write that counts its calls and finishes when told (so that the copies overlap). */
  function slowWrite<T>(outcome: () => T) {
    let calls = 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const write = async () => {
      calls++;
      await finished;
      return outcome();
    };
    return { write, finish, calls: () => calls };
  }

  it('writes once for three copies sent at once, and answers the other two with the first answer', async () => {
    const twins = new TwinWrites();
    const probe = slowWrite(() => ({ writer: 'first' }));
    const copies = [1, 2, 3].map(() => twins.run('7/uuid-a', probe.write));
    probe.finish();
    expect(await Promise.all(copies)).toEqual([
      { answer: { writer: 'first' }, twin: false },
      { answer: { writer: 'first' }, twin: true },
      { answer: { writer: 'first' }, twin: true },
    ]);
    expect(probe.calls()).toBe(1);
  });

  it('gives the twins the first copy’s refusal, the same error', async () => {
    const twins = new TwinWrites();
    const refused = fieldError('state', 'validation.invalid');
    const probe = slowWrite(() => {
      throw refused;
    });
    const copies = [1, 2, 3].map(() => twins.run('7/uuid-b', probe.write).catch((error: unknown) => error));
    probe.finish();
    expect(await Promise.all(copies)).toEqual([refused, refused, refused]);
    expect(probe.calls()).toBe(1);
  });

  it('lets each twin write on its own when the first failed for another reason than a refusal', async () => {
    const twins = new TwinWrites();
    let attempt = 0;
    const probe = slowWrite(() => {
      if (++attempt === 1) throw new Error('connection lost');
      return { writer: `attempt ${attempt}` };
    });
    const copies = [1, 2, 3].map(() => twins.run('7/uuid-c', probe.write).catch((error: unknown) => (error as Error).message));
    probe.finish();
    expect(await Promise.all(copies)).toEqual(['connection lost', { answer: { writer: 'attempt 2' }, twin: false }, { answer: { writer: 'attempt 3' }, twin: false }]);
    expect(probe.calls()).toBe(3);
  });

  it('shares nothing between other keys, calls without a key, or a copy sent after the first answered', async () => {
    const twins = new TwinWrites();
    const probe = slowWrite(() => ({ writer: 'any' }));
    const copies = [twins.run('7/uuid-d', probe.write), twins.run('8/uuid-d', probe.write), twins.run(null, probe.write), twins.run(null, probe.write)];
    probe.finish();
    expect((await Promise.all(copies)).map((c) => c.twin)).toEqual([false, false, false, false]);
    expect((await twins.run('7/uuid-d', probe.write)).twin).toBe(false);
    expect(probe.calls()).toBe(5);
  });
});

describe('twin writes just answered', () => {
  it('answers a copy sent within keepMs after the first answered with that answer, and writes again after it', async () => {
    const twins = new TwinWrites(100);
    let calls = 0;
    const write = async () => ({ writer: `call ${++calls}` });
    expect(await twins.run('7/uuid-e', write)).toEqual({ answer: { writer: 'call 1' }, twin: false });
    expect(await twins.run('7/uuid-e', write)).toEqual({ answer: { writer: 'call 1' }, twin: true });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await twins.run('7/uuid-e', write)).toEqual({ answer: { writer: 'call 2' }, twin: false });
  });

  it('keeps a refusal for keepMs, but never a failure of another kind', async () => {
    const twins = new TwinWrites(100);
    const refused = fieldError('state', 'validation.invalid');
    await expect(twins.run('7/uuid-f', async () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(twins.run('7/uuid-f', async () => ({ writer: 'again' }))).rejects.toBe(refused);
    await expect(twins.run('7/uuid-g', async () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await twins.run('7/uuid-g', async () => ({ writer: 'again' }))).toEqual({ answer: { writer: 'again' }, twin: false });
  });
});
