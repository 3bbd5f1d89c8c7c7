import { Readable } from 'node:stream';
import type { Db } from '../db/database';
import { nowIso } from './time';
import type { Storage } from './storage';

/** The largest chunk row: big enough that a 50 MB file is 50 rows, small enough to hold one in memory. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Files in the database itself (STORAGE=database): every API instance on the same PostgreSQL sees
 * every file, with no shared disk or object store. Bytes go in numbered chunks of CHUNK_BYTES and
 * both directions stream: `put` holds at most one chunk (plus the piece that overflowed it), `get`
 * reads one chunk row per step as the reader asks for more. The `stored_files` row is written after
 * the last chunk, so a reader never finds half a file, and a failed upload removes its chunks.
 */
export class DatabaseStorage implements Storage {
  constructor(
    private readonly db: Db,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    // Chunks of an earlier attempt at the same key that died before its row was written.
    await this.db.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
    let seq = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (data: Buffer) => {
      await this.db.insertInto('stored_file_chunks').values({ key, seq: seq++, data }).execute();
    };
    try {
      for await (const piece of body) {
        const buffer = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        size += buffer.length;
        while (pendingBytes >= this.chunkBytes) {
          const all = Buffer.concat(pending, pendingBytes);
          await flush(all.subarray(0, this.chunkBytes));
          const rest = all.subarray(this.chunkBytes);
          pending = rest.length ? [Buffer.from(rest)] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending, pendingBytes));
      await this.db
        .insertInto('stored_files')
        .values({ key, content_type: contentType, size, chunks: seq, created_at: nowIso() })
        .execute();
    } catch (error) {
      await this.db.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const file = await this.db.selectFrom('stored_files').select(['chunks']).where('key', '=', key).executeTakeFirst();
    if (!file) return null;
    const db = this.db;
    async function* chunks() {
      for (let seq = 0; seq < file!.chunks; seq++) {
        const row = await db
          .selectFrom('stored_file_chunks')
          .select('data')
          .where('key', '=', key)
          .where('seq', '=', seq)
          .executeTakeFirst();
        // Deleted while being read: the reader gets an error, never a silently shorter file.
        if (!row) throw new Error(`stored file ${key} lost chunk ${seq} while being read`);
        yield Buffer.from(row.data);
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async getRange(key: string, offset: number, length: number): Promise<Buffer | null> {
    const file = await this.db.selectFrom('stored_files').select(['size']).where('key', '=', key).executeTakeFirst();
    if (!file) return null;
    const end = Math.min(offset + length, Number(file.size));
    if (end <= offset) return Buffer.alloc(0);
    const first = Math.floor(offset / this.chunkBytes);
    const last = Math.floor((end - 1) / this.chunkBytes);
    const rows = await this.db
      .selectFrom('stored_file_chunks')
      .select(['seq', 'data'])
      .where('key', '=', key)
      .where('seq', '>=', first)
      .where('seq', '<=', last)
      .orderBy('seq')
      .execute();
    if (rows.length !== last - first + 1) throw new Error(`stored file ${key} lost chunks while being read`);
    const all = Buffer.concat(rows.map((r) => Buffer.from(r.data)));
    const start = offset - first * this.chunkBytes;
    return all.subarray(start, start + (end - offset));
  }

  async delete(key: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stored_files').where('key', '=', key).execute();
      await trx.deleteFrom('stored_file_chunks').where('key', '=', key).execute();
    });
  }
}
