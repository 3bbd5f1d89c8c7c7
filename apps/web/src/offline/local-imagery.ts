import type { LocalDatabase, Statement } from './local-database';

/*
 * A plant's orthophoto on the device (issue 37, local schema 25): one layer per plant, the zooms
 * chosen at download, and its tiles. The download (imagery-downloads.ts) stores tiles in batches as
 * they arrive and marks the layer complete at the end; a download cut short resumes by asking only
 * the tiles not stored yet. A new archive of the layer (another version) or another layer replaces
 * the tiles kept. The offline map reads them through the local-imagery protocol (map/local-imagery.ts).
 */

export interface StoredImagery {
  plant_id: number;
  layer_id: number;
  name: string;
  captured_on: string | null;
  version: string | null;
  tile_type: string | null;
  min_zoom: number;
  max_zoom: number;
  bounds: [number, number, number, number];
  tiles: number;
  bytes: number;
  complete: boolean;
  downloaded_at: string | null;
}

export type ImageryStart = Omit<StoredImagery, 'tiles' | 'bytes' | 'complete' | 'downloaded_at'>;

/** A tile as stored: its image as base64 text. */
export interface ImageryTileRow {
  z: number;
  x: number;
  y: number;
  data: string;
}

type Row = Omit<StoredImagery, 'bounds' | 'complete'> & { bounds: string; complete: number };

function fromRow(row: Row): StoredImagery {
  return { ...row, bounds: JSON.parse(row.bounds) as StoredImagery['bounds'], complete: row.complete === 1 };
}

export async function imageryOf(db: LocalDatabase, plantId: number): Promise<StoredImagery | null> {
  const [row] = await db.select<Row>('SELECT * FROM imagery_download WHERE plant_id = ?', [plantId]);
  return row ? fromRow(row) : null;
}

export async function listImagery(db: LocalDatabase): Promise<StoredImagery[]> {
  return (await db.select<Row>('SELECT * FROM imagery_download ORDER BY plant_id')).map(fromRow);
}

/**
 * Starts (or resumes) keeping a layer: the same layer, archive version and zooms keep the tiles
 * already stored; anything else starts again from none. Answers the keys `z/x/y` already stored.
 */
export async function beginImagery(db: LocalDatabase, start: ImageryStart): Promise<string[]> {
  const current = await imageryOf(db, start.plant_id);
  const same =
    current &&
    current.layer_id === start.layer_id &&
    current.version === start.version &&
    current.min_zoom === start.min_zoom &&
    current.max_zoom === start.max_zoom;
  const statements: Statement[] = [];
  if (!same)
    statements.push({ sql: 'DELETE FROM imagery_tile WHERE plant_id = ?', params: [start.plant_id] });
  statements.push({
    sql: `INSERT OR REPLACE INTO imagery_download
            (plant_id, layer_id, name, captured_on, version, tile_type, min_zoom, max_zoom, bounds, tiles, bytes, complete, downloaded_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, NULL)`,
    params: [
      start.plant_id,
      start.layer_id,
      start.name,
      start.captured_on,
      start.version,
      start.tile_type,
      start.min_zoom,
      start.max_zoom,
      JSON.stringify(start.bounds),
      same ? current.tiles : 0,
      same ? current.bytes : 0,
    ],
  });
  await db.transaction(statements);
  if (!same) return [];
  const rows = await db.select<{ key: string }>(
    "SELECT z || '/' || x || '/' || y AS key FROM imagery_tile WHERE plant_id = ?",
    [start.plant_id],
  );
  return rows.map((r) => r.key);
}

/** Stores a batch of tiles and adds them to the layer's counts, in one transaction. */
export async function putImageryTiles(
  db: LocalDatabase,
  plantId: number,
  tiles: ImageryTileRow[],
): Promise<void> {
  if (!tiles.length) return;
  // The image's bytes, not its text: what the card's figure and the server's estimate count.
  const bytes = tiles.reduce((sum, t) => sum + base64Length(t.data), 0);
  await db.transaction([
    {
      sql: `INSERT OR REPLACE INTO imagery_tile (plant_id, z, x, y, data)
            SELECT ?, value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?)`,
      params: [plantId, JSON.stringify(tiles.map((t) => [t.z, t.x, t.y, t.data]))],
    },
    {
      sql: 'UPDATE imagery_download SET tiles = tiles + ?, bytes = bytes + ? WHERE plant_id = ?',
      params: [tiles.length, bytes, plantId],
    },
  ]);
}

export async function finishImagery(
  db: LocalDatabase,
  plantId: number,
  downloadedAt = new Date().toISOString(),
): Promise<void> {
  await db.exec('UPDATE imagery_download SET complete = 1, downloaded_at = ? WHERE plant_id = ?', [
    downloadedAt,
    plantId,
  ]);
}

/** Frees the space: the layer and its tiles leave the device. */
export async function removeImagery(db: LocalDatabase, plantId: number): Promise<void> {
  await db.transaction([
    { sql: 'DELETE FROM imagery_tile WHERE plant_id = ?', params: [plantId] },
    { sql: 'DELETE FROM imagery_download WHERE plant_id = ?', params: [plantId] },
  ]);
}

/** A stored tile's image, or null when the device holds none there (the map then draws nothing). */
export async function imageryTile(
  db: LocalDatabase,
  plantId: number,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array | null> {
  const [row] = await db.select<{ data: string }>(
    'SELECT data FROM imagery_tile WHERE plant_id = ? AND z = ? AND x = ? AND y = ?',
    [plantId, z, x, y],
  );
  if (!row) return null;
  const binary = atob(row.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64Length(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length * 3) / 4 - padding;
}
