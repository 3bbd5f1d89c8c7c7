import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { pmtilesArchive as writePmtiles, type TileXyz } from '../../../tests/e2e/fixtures/pmtiles-writer';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

/*
 * Orthophotos (issue 37). The archives are made here: a PMTiles v3 archive written byte by byte
 * (tests/e2e/fixtures/pmtiles-writer.ts) and an MBTiles SQLite file. Their "tiles"
 * are small distinct byte strings with a PNG signature: the server never decodes images.
 */

const png = (label: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(label)]);
const TILES: TileXyz[] = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 1],
];

/** A PMTiles v3 archive of labelled tiles (the writer is shared with the e2e imagery fixture). */
const pmtilesArchive = (tiles: TileXyz[]) =>
  writePmtiles(tiles, [-5.71, 37.29, -5.69, 37.31], ([z, x, y]) => png(`pm-${z}-${x}-${y}`));

function mbtilesArchive(tiles: [number, number, number][]) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbtiles-')), 'ortho.mbtiles');
  const db = new Database(file);
  db.exec(
    'CREATE TABLE metadata (name text, value text); CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob);',
  );
  const meta = db.prepare('INSERT INTO metadata VALUES (?, ?)');
  for (const [k, v] of [
    ['name', 'vuelo'],
    ['format', 'png'],
    ['bounds', '-5.71,37.29,-5.69,37.31'],
  ])
    meta.run(k, v);
  // Rows count from the south.
  const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?)');
  for (const [z, x, y] of tiles) insert.run(z, x, 2 ** z - 1 - y, png(`mb-${z}-${x}-${y}`));
  db.close();
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

function imagerySuite(get: () => TestContext) {
  const plantId = async () =>
    (
      await get()
        .db.selectFrom('plants')
        .innerJoin('clients', 'clients.id', 'plants.client_id')
        .select('plants.id')
        .where('clients.name', '=', 'Demo Solar')
        .orderBy('plants.id')
        .executeTakeFirstOrThrow()
    ).id;
  const create = async (plant: number, body: Record<string, unknown>) =>
    get().call('POST', `/api/plants/${plant}/imagery/`, { payload: body });
  const send = (plant: number, layer: number, offset: number, bytes: Buffer) =>
    get().call('PUT', `/api/plants/${plant}/imagery/${layer}/content?offset=${offset}`, {
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const tile = async (url: string, headers: Record<string, string> = {}, as: string = USERS.admin) =>
    get().app.inject({ method: 'GET', url, headers: { ...(await get().as(as)), ...headers } });

  /** Uploads a whole archive in two chunks. */
  async function upload(plant: number, format: 'pmtiles' | 'mbtiles', bytes: Buffer, name = 'Vuelo') {
    const layer = (await create(plant, { name, captured_on: '2026-11-20', format, size: bytes.length })).body;
    const half = Math.floor(bytes.length / 2);
    expect((await send(plant, layer.id, 0, bytes.subarray(0, half))).body).toMatchObject({
      status: 'uploading',
      received: half,
    });
    const done = await send(plant, layer.id, half, bytes.subarray(half));
    expect(done.status).toBe(200);
    return done.body;
  }

  it('serves the tiles of an uploaded PMTiles archive with range reads, 404 outside, immutable ETags', async () => {
    const plant = await plantId();
    const layer = await upload(plant, 'pmtiles', pmtilesArchive(TILES));
    expect(layer).toMatchObject({
      status: 'ready',
      format: 'pmtiles',
      tile_type: 'png',
      min_zoom: 0,
      max_zoom: 1,
      bounds: [-5.71, 37.29, -5.69, 37.31],
    });
    expect(layer.tiles_url).toBe(`/api/plants/${plant}/imagery/${layer.id}/{z}/{x}/{y}`);
    const url = (z: number, x: number, y: number) =>
      `/api/plants/${plant}/imagery/${layer.id}/${z}/${x}/${y}`;
    for (const [z, x, y] of TILES) {
      const res = await tile(url(z, x, y));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(png(`pm-${z}-${x}-${y}`))).toBe(true);
    }
    const res = await tile(url(1, 1, 1), {}, USERS.technician);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await tile(url(1, 1, 1), { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    expect((await tile(url(1, 0, 1))).statusCode).toBe(404); // inside the zooms, not in the archive
    expect((await tile(url(2, 0, 0))).statusCode).toBe(404); // past the archive's zooms
    expect((await tile(url(1, 2, 0))).statusCode).toBe(404); // not a tile of zoom 1
  });

  it('serves an MBTiles archive; the first ready layer is the default and another can be chosen; deleting removes it', async () => {
    const plant = await plantId();
    const before = (await get().call('GET', `/api/plants/${plant}/imagery/`)).body.length;
    const layer = await upload(plant, 'mbtiles', mbtilesArchive(TILES), 'Vuelo MBTiles');
    expect(layer).toMatchObject({
      status: 'ready',
      tile_type: 'png',
      min_zoom: 0,
      max_zoom: 1,
      bounds: [-5.71, 37.29, -5.69, 37.31],
      is_default: before === 0,
    });
    const res = await tile(`/api/plants/${plant}/imagery/${layer.id}/1/1/1`);
    expect(res.rawPayload.equals(png('mb-1-1-1'))).toBe(true);
    expect((await tile(`/api/plants/${plant}/imagery/${layer.id}/1/0/1`)).statusCode).toBe(404);

    expect(
      (
        await get().call('PATCH', `/api/plants/${plant}/imagery/${layer.id}/`, {
          payload: { is_default: true },
        })
      ).body.is_default,
    ).toBe(true);
    const list = (await get().call('GET', `/api/plants/${plant}/imagery/`, { as: USERS.technician })).body;
    expect(
      list.filter((l: { is_default: boolean }) => l.is_default).map((l: { id: number }) => l.id),
    ).toEqual([layer.id]);

    expect((await get().call('DELETE', `/api/plants/${plant}/imagery/${layer.id}/`)).status).toBe(204);
    expect((await tile(`/api/plants/${plant}/imagery/${layer.id}/1/1/1`)).statusCode).toBe(404);
  });

  it('resumes an upload from the bytes received, refuses a chunk at the wrong offset and an archive that is not one', async () => {
    const plant = await plantId();
    const bytes = pmtilesArchive(TILES);
    const payload = {
      name: 'Vuelo cortado',
      format: 'pmtiles',
      size: bytes.length,
      client_uuid: 'c0ffee00-0000-4000-8000-000000000001',
    };
    const layer = (await create(plant, payload)).body;
    // A resent create answers the same layer.
    expect((await create(plant, payload)).body.id).toBe(layer.id);
    await send(plant, layer.id, 0, bytes.subarray(0, 50));
    const wrong = await send(plant, layer.id, 0, bytes.subarray(0, 50));
    expect(wrong.status).toBe(409);
    expect(wrong.body.received).toBe(50);
    expect((await send(plant, layer.id, 50, bytes.subarray(50))).body).toMatchObject({
      status: 'ready',
      received: bytes.length,
    });

    const junk = Buffer.from('not an archive at all, just words');
    const bad = (await create(plant, { name: 'Roto', format: 'pmtiles', size: junk.length })).body;
    const refused = await get().call('PUT', `/api/plants/${plant}/imagery/${bad.id}/content?offset=0`, {
      payload: junk,
      language: 'en',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^The file is not a valid pmtiles raster archive/);
    expect(
      (await get().call('GET', `/api/plants/${plant}/imagery/`)).body.find(
        (l: { id: number }) => l.id === bad.id,
      ),
    ).toMatchObject({ status: 'uploading', received: 0 });
  });

  it('says what keeping a layer on a device costs: the tiles over its bounds in the zooms asked, clamped to its own, measured from the index', async () => {
    const plant = await plantId();
    const estimate = (layer: number, min: number, max: number, as: string = USERS.technician) =>
      get().call('GET', `/api/plants/${plant}/imagery/${layer}/offline/?min_zoom=${min}&max_zoom=${max}`, { as });
    // The bounds (-5.71, 37.29)–(-5.69, 37.31) lie in tile 0/0/0 and 1/0/0; 1/1/1 is elsewhere.
    const pm = await upload(plant, 'pmtiles', pmtilesArchive(TILES));
    const pmAnswer = await estimate(pm.id, 0, 5);
    expect(pmAnswer.status).toBe(200);
    expect(pmAnswer.body).toEqual({
      layer_id: pm.id,
      version: pm.version,
      min_zoom: 0,
      max_zoom: 1,
      bounds: [-5.71, 37.29, -5.69, 37.31],
      tiles: 2,
      bytes: png('pm-0-0-0').length + png('pm-1-0-0').length,
    });
    // Only zoom 1: one tile, the one the tile route serves with those bytes.
    expect((await estimate(pm.id, 1, 1)).body).toMatchObject({ min_zoom: 1, max_zoom: 1, tiles: 1, bytes: png('pm-1-0-0').length });

    // MBTiles: lengths summed in SQL per zoom and range (rows from the south); a deep zoom is refused.
    const mb = await upload(plant, 'mbtiles', mbtilesArchive([...TILES, [22, 1_000_000, 1_000_000]]));
    expect(mb.max_zoom).toBe(22);
    expect((await estimate(mb.id, 0, 1)).body).toMatchObject({ tiles: 2, bytes: png('mb-0-0-0').length + png('mb-1-0-0').length });
    const tooMany = await estimate(mb.id, 0, 22);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('too_many_tiles');
    expect(tooMany.body.detail).toMatch(/^Son \d+ teselas; se pueden guardar 20000 como máximo/);

    // Bad zooms are refused with the field named; another organisation does not see the layer.
    const inverted = await estimate(pm.id, 3, 1);
    expect(inverted.status).toBe(400);
    expect(JSON.stringify(inverted.body)).toContain('max_zoom');
    expect((await estimate(pm.id, 0, 1, USERS.otherAdmin)).status).toBe(404);
  });

  it('is uploaded by administrators only', async () => {
    const plant = await plantId();
    const res = await get().call('POST', `/api/plants/${plant}/imagery/`, {
      as: USERS.technician,
      payload: { name: 'x', format: 'pmtiles', size: 10 },
    });
    expect(res.status).toBe(403);
  });
}

describeEachDatabase('imagery (files in DATA_DIR)', imagerySuite);

describeEachDatabase(
  'imagery (files in the database)',
  (get) => {
    it('reads PMTiles tiles by ranges of database chunks', async () => {
      const plant = (await get().db.selectFrom('plants').select('id').orderBy('id').executeTakeFirstOrThrow())
        .id;
      const bytes = pmtilesArchive(TILES);
      const layer = (
        await get().call('POST', `/api/plants/${plant}/imagery/`, {
          payload: { name: 'BD', format: 'pmtiles', size: bytes.length },
        })
      ).body;
      const done = await get().call('PUT', `/api/plants/${plant}/imagery/${layer.id}/content?offset=0`, {
        payload: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(done.body.status).toBe('ready');
      const res = await get().app.inject({
        method: 'GET',
        url: `/api/plants/${plant}/imagery/${layer.id}/1/1/1`,
        headers: await get().as(USERS.admin),
      });
      expect(res.rawPayload.equals(png('pm-1-1-1'))).toBe(true);
    });
  },
  { STORAGE: 'database' },
);
