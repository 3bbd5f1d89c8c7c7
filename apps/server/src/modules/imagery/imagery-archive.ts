import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { findTile, PMTiles, type Source, TileType, zxyToTileId } from 'pmtiles';
import type { Storage } from '../../lib/storage';

/*
 * Reading a plant's orthophoto archive (issue 37), no GDAL: a PMTiles v3 archive is read in place
 * from the storage with range reads (a header, a directory, a tile: a few small reads per tile, the
 * directories cached by the pmtiles library); an MBTiles archive is a SQLite file, so it is read
 * from a local copy (kept from the upload, or fetched once from the storage) with better-sqlite3.
 */

export type ArchiveFormat = 'pmtiles' | 'mbtiles';

export interface ArchiveInfo {
  tileType: string;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number] | null;
}

export class InvalidArchive extends Error {}

const TILE_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: 'png',
  [TileType.Jpeg]: 'jpg',
  [TileType.Webp]: 'webp',
  [TileType.Avif]: 'avif',
};
export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** A PMTiles source over a local file (the upload being checked). */
class LocalFileSource implements Source {
  constructor(private readonly file: string) {}
  getKey() {
    return this.file;
  }
  async getBytes(offset: number, length: number) {
    const handle = await fsp.open(this.file, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return { data: new Uint8Array(buffer.subarray(0, bytesRead)).buffer };
    } finally {
      await handle.close();
    }
  }
}

/** A PMTiles source over an object of the storage. */
export class StorageSource implements Source {
  constructor(
    private readonly storage: Storage,
    private readonly key: string,
  ) {}
  getKey() {
    return this.key;
  }
  async getBytes(offset: number, length: number) {
    const bytes = await this.storage.getRange(this.key, offset, length);
    if (!bytes) throw new Error(`imagery archive ${this.key} is missing from the storage`);
    return { data: new Uint8Array(bytes).buffer };
  }
}

async function readPmtiles(source: Source): Promise<ArchiveInfo> {
  let header;
  try {
    header = await new PMTiles(source).getHeader();
  } catch (error) {
    throw new InvalidArchive(String((error as Error).message ?? error));
  }
  const tileType = TILE_TYPES[header.tileType];
  if (!tileType) throw new InvalidArchive('not a raster archive');
  return {
    tileType,
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
  };
}

function readMbtiles(file: string): ArchiveInfo {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const metadata = new Map(
      (db.prepare('SELECT name, value FROM metadata').all() as { name: string; value: string }[]).map((r) => [
        r.name,
        r.value,
      ]),
    );
    const zooms = db.prepare('SELECT min(zoom_level) AS min, max(zoom_level) AS max FROM tiles').get() as {
      min: number | null;
      max: number | null;
    };
    const format = (metadata.get('format') ?? 'png').toLowerCase();
    if (!CONTENT_TYPES[format]) throw new InvalidArchive(`format ${format} is not a raster image`);
    if (zooms.min === null || zooms.max === null) throw new InvalidArchive('no tiles');
    const bounds = metadata.get('bounds')?.split(',').map(Number);
    return {
      tileType: format === 'jpeg' ? 'jpg' : format,
      minZoom: zooms.min,
      maxZoom: zooms.max,
      bounds:
        bounds?.length === 4 && bounds.every(Number.isFinite)
          ? (bounds as [number, number, number, number])
          : null,
    };
  } catch (error) {
    if (error instanceof InvalidArchive) throw error;
    throw new InvalidArchive(String((error as Error).message ?? error));
  } finally {
    db?.close();
  }
}

/** Checks an uploaded archive and reads its tile type, zooms and bounds. */
export async function inspectArchive(format: ArchiveFormat, file: string): Promise<ArchiveInfo> {
  return format === 'pmtiles' ? readPmtiles(new LocalFileSource(file)) : readMbtiles(file);
}

type PmtilesHeader = Awaited<ReturnType<PMTiles['getHeader']>>;

/** A tile's length from the directories, as `getZxy` walks them, without reading the tile (0: absent). */
async function pmtilesTileLength(reader: PMTiles, header: PmtilesHeader, tileId: number): Promise<number> {
  let offset = header.rootDirectoryOffset;
  let length = header.rootDirectoryLength;
  // The specification allows at most three levels of leaf directories below the root.
  for (let depth = 0; depth <= 3; depth++) {
    const entries = await reader.cache.getDirectory(reader.source, offset, length, header);
    const entry = findTile(entries, tileId);
    if (!entry) return 0;
    if (entry.runLength > 0) return entry.length;
    offset = header.leafDirectoryOffset + entry.offset;
    length = entry.length;
  }
  return 0;
}

/** Open archives by storage key: a PMTiles reader (its directory cache with it) or an MBTiles database. */
export class ArchiveReaders {
  private readonly pmtiles = new Map<string, PMTiles>();
  private readonly mbtiles = new Map<string, Database.Database>();

  constructor(
    private readonly storage: Storage,
    /** Local copies of MBTiles archives. */
    private readonly cacheDir: string,
  ) {}

  localCopy(key: string) {
    return path.join(this.cacheDir, `${key.replaceAll('/', '-')}.mbtiles`);
  }

  async tile(format: ArchiveFormat, key: string, z: number, x: number, y: number): Promise<Buffer | null> {
    if (format === 'pmtiles') {
      const answer = await this.pmtilesReader(key).getZxy(z, x, y);
      return answer ? Buffer.from(answer.data) : null;
    }
    const db = await this.openMbtiles(key);
    // MBTiles rows count from the south (TMS).
    const row = db
      .prepare('SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?')
      .get(z, x, 2 ** z - 1 - y) as { tile_data: Buffer } | undefined;
    return row ? Buffer.from(row.tile_data) : null;
  }

  /**
   * The bytes of each tile of `tiles` the archive holds, and how many it holds (what a device keeping
   * them stores), read from the archive's index: PMTiles directories (cached, no tile read), MBTiles
   * lengths per zoom and range in SQL.
   */
  async tileSizes(
    format: ArchiveFormat,
    key: string,
    ranges: { z: number; minX: number; maxX: number; minY: number; maxY: number }[],
  ): Promise<{ tiles: number; bytes: number }> {
    let tiles = 0;
    let bytes = 0;
    if (format === 'mbtiles') {
      const db = await this.openMbtiles(key);
      const query = db.prepare(
        'SELECT count(*) AS n, coalesce(sum(length(tile_data)), 0) AS bytes FROM tiles WHERE zoom_level = ? AND tile_column BETWEEN ? AND ? AND tile_row BETWEEN ? AND ?',
      );
      for (const r of ranges) {
        // MBTiles rows count from the south (TMS).
        const last = 2 ** r.z - 1;
        const row = query.get(r.z, r.minX, r.maxX, last - r.maxY, last - r.minY) as { n: number; bytes: number };
        tiles += row.n;
        bytes += row.bytes;
      }
      return { tiles, bytes };
    }
    const reader = this.pmtilesReader(key);
    const header = await reader.getHeader();
    for (const r of ranges) {
      for (let y = r.minY; y <= r.maxY; y++) {
        for (let x = r.minX; x <= r.maxX; x++) {
          const length = await pmtilesTileLength(reader, header, zxyToTileId(r.z, x, y));
          if (length > 0) {
            tiles += 1;
            bytes += length;
          }
        }
      }
    }
    return { tiles, bytes };
  }

  private pmtilesReader(key: string) {
    let reader = this.pmtiles.get(key);
    if (!reader) this.pmtiles.set(key, (reader = new PMTiles(new StorageSource(this.storage, key))));
    return reader;
  }

  private async openMbtiles(key: string) {
    const open = this.mbtiles.get(key);
    if (open) return open;
    const file = this.localCopy(key);
    if (!fs.existsSync(file)) {
      // Another instance took the upload: the archive is fetched from the storage once.
      const body = await this.storage.get(key);
      if (!body) throw new Error(`imagery archive ${key} is missing from the storage`);
      await fsp.mkdir(this.cacheDir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      await pipeline(body, fs.createWriteStream(partial));
      await fsp.rename(partial, file);
    }
    const db = new Database(file, { readonly: true, fileMustExist: true });
    this.mbtiles.set(key, db);
    return db;
  }

  /** Forgets an archive (deleted) and removes its local copy. */
  async forget(key: string) {
    this.pmtiles.delete(key);
    this.mbtiles.get(key)?.close();
    this.mbtiles.delete(key);
    await fsp.rm(this.localCopy(key), { force: true });
  }

  close() {
    for (const db of this.mbtiles.values()) db.close();
    this.mbtiles.clear();
    this.pmtiles.clear();
  }
}
