import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ConfigError, loadConfig } from '../src/lib/config';
import { createStorage, type StorageKind } from '../src/lib/create-storage';
import { newStorageKey, type Storage } from '../src/lib/storage';
import { createDatabase, databases, type DatabaseKind } from './helpers';
import { startS3TestServer } from './s3-test-server';

/*
 * One suite, every backend (issue 21): the data folder, the database (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and S3, the last through the AWS SDK against s3rver, an S3-compatible
 * test server started here in a child process on a free port.
 */

interface Backend {
  name: string;
  kind: StorageKind;
  database?: DatabaseKind;
}

const backends: Backend[] = [
  { name: 'data-dir', kind: 'data-dir' },
  ...databases.map((database): Backend => ({ name: `database ${database}`, kind: 'database', database })),
  { name: 's3', kind: 's3' },
];

const MiB = 1024 * 1024;

/** `total` bytes that are not all alike (so a chunk put back in the wrong place shows), in pieces of 64 KiB. */
function pattern(total: number, { failAfter, watch }: { failAfter?: number; watch?: MemoryWatch } = {}) {
  async function* pieces() {
    for (let sent = 0, n = 0; sent < total; n++) {
      if (failAfter !== undefined && sent >= failAfter) throw new Error('the client went away');
      if (watch && n % 32 === 0) watch.sample();
      const piece = Buffer.alloc(Math.min(64 * 1024, total - sent), n % 251);
      piece.writeUInt32BE(n, 0);
      sent += piece.length;
      yield piece;
    }
  }
  return Readable.from(pieces());
}

async function sha256(stream: Readable, watch?: MemoryWatch) {
  const hash = createHash('sha256');
  let bytes = 0;
  let sampled = 0;
  for await (const piece of stream) {
    if (watch && bytes - sampled >= 2 * MiB) {
      watch.sample();
      sampled = bytes;
    }
    hash.update(piece as Buffer);
    bytes += (piece as Buffer).length;
  }
  return { hash: hash.digest('hex'), bytes };
}

async function readAll(stream: Readable | null) {
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const piece of stream) parts.push(piece as Buffer);
  return Buffer.concat(parts);
}

/** A full garbage collection: V8 allows turning `gc` on at run time, for one context. */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * Live memory (JS heap plus buffers, after a full garbage collection): what the code holds, not the
 * garbage it has not freed yet. Sampled from inside the data flow (every 2 MiB produced or
 * consumed), since a backend whose steps are all microtasks (SQLite) would never let a timer run.
 */
class MemoryWatch {
  private readonly start: number;
  peak: number;
  constructor() {
    this.start = this.peak = MemoryWatch.live();
  }
  static live() {
    collectGarbage();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  }
  sample() {
    this.peak = Math.max(this.peak, MemoryWatch.live());
  }
  get growth() {
    return this.peak - this.start;
  }
}

for (const backend of backends) {
  describe(`storage [${backend.name}]`, () => {
    let dir: string;
    let db: Db | undefined;
    let dropDatabase = async () => {};
    let stopS3 = async () => {};
    let storage: Storage;

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-storage-'));
      const database = await createDatabase(backend.database ?? 'sqlite', dir);
      dropDatabase = database.drop;
      db = createDb({ url: database.url });
      await migrateToLatest(db);
      let s3Options;
      if (backend.kind === 's3') {
        const server = await startS3TestServer(path.join(dir, 's3'));
        s3Options = server.options;
        stopS3 = server.stop;
      }
      storage = createStorage({ kind: backend.kind, dataDir: dir, db, s3: s3Options });
    });

    afterAll(async () => {
      storage?.close?.();
      await stopS3();
      await db?.destroy();
      await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('gives back the bytes it stored, and nothing for an unknown key', async () => {
      const key = newStorageKey();
      await storage.put(key, Readable.from([Buffer.from('hola '), Buffer.from('planta')]), 'text/plain');
      expect((await readAll(await storage.get(key)))?.toString()).toBe('hola planta');
      expect(await storage.get(newStorageKey())).toBeNull();
    });

    it('stores an empty file, and a file of several chunks in order', async () => {
      const empty = newStorageKey();
      await storage.put(empty, Readable.from([]), 'application/octet-stream');
      expect((await readAll(await storage.get(empty)))?.length).toBe(0);

      const key = newStorageKey();
      const size = 2 * MiB + 12_345;
      await storage.put(key, pattern(size), 'application/octet-stream');
      expect(await sha256((await storage.get(key))!)).toEqual(await sha256(pattern(size)));
    });

    it('reads a range, across chunks and cut at the end of the file; nothing for an unknown key', async () => {
      const key = newStorageKey();
      const size = 2 * MiB + 100;
      await storage.put(key, pattern(size), 'application/octet-stream');
      const whole = (await readAll(await storage.get(key)))!;
      const across = MiB - 10;
      expect((await storage.getRange(key, across, 30))!.equals(whole.subarray(across, across + 30))).toBe(true);
      expect((await storage.getRange(key, size - 40, 100))!.equals(whole.subarray(size - 40))).toBe(true);
      expect(await storage.getRange(newStorageKey(), 0, 10)).toBeNull();
    });

    it('deletes a file; deleting a missing one is no error', async () => {
      const key = newStorageKey();
      await storage.put(key, Readable.from([Buffer.from('x')]), 'text/plain');
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(newStorageKey())).resolves.toBeUndefined();
    });

    it('leaves nothing behind when the upload stream fails half-way', async () => {
      const key = newStorageKey();
      await expect(storage.put(key, pattern(3 * MiB, { failAfter: 2 * MiB }), 'application/octet-stream')).rejects.toThrow('the client went away');
      expect(await storage.get(key)).toBeNull();
      if (backend.kind === 'database') {
        const chunks = await db!.selectFrom('stored_file_chunks').select('seq').where('key', '=', key).execute();
        expect(chunks).toEqual([]);
      }
    });

    it('streams a 50 MB file both ways without holding it in memory', async () => {
      const key = newStorageKey();
      const size = 50 * MiB;
      const expected = await sha256(pattern(size));
      const putWatch = new MemoryWatch();
      await storage.put(key, pattern(size, { watch: putWatch }), 'application/octet-stream');
      const getWatch = new MemoryWatch();
      expect(await sha256((await storage.get(key))!, getWatch)).toEqual(expected);
      const [putGrowth, getGrowth] = [putWatch.growth, getWatch.growth];
      // Holding the file would take 50 MB at least (twice that once concatenated); streaming holds a
      // few chunks: 1 MiB rows for the database, the SDK's 5 MiB parts and its copies for S3. Peaks
      // measured: under 12 MiB, except PostgreSQL reads, where the driver's decoding of a chunk
      // row briefly holds up to 26 MiB (the same at every chunk: it does not grow with the file).
      console.log(`storage [${backend.name}] 50 MB: peak live memory growth put ${(putGrowth / MiB).toFixed(1)} MiB, get ${(getGrowth / MiB).toFixed(1)} MiB`);
      expect(putGrowth).toBeLessThan(40 * MiB);
      expect(getGrowth).toBeLessThan(40 * MiB);
      await storage.delete(key);
    }, 120_000);
  });
}

describe('storage configuration', () => {
  it('defaults to the data folder, and refuses STORAGE=s3 without a bucket or an unknown STORAGE', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-storage-config-'));
    try {
      const base = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) };
      expect(loadConfig(base)).toMatchObject({ storage: 'data-dir', s3: undefined, redisUrl: undefined });
      expect(loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'plantas', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toMatchObject({
        storage: 's3',
        s3: { bucket: 'plantas', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1' },
      });
      expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET: needed with STORAGE=s3/);
      expect(() => loadConfig({ ...base, STORAGE: 'nfs' })).toThrow(/STORAGE/);
      expect(() => loadConfig({ ...base, REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
