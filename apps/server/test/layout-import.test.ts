import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Pbf from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { expect, it } from 'vitest';
import { centroid, parseWkt } from '@heliotrack/domain/geometry';
import { lonLatToTile } from '@heliotrack/domain/tiles';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

/** Small shapes around a point of farmland near Carmona, far from the demo plants. */
const X = -5.7;
const Y = 37.3;
const feature = (properties: Record<string, unknown> | null, geometry: unknown) => ({ type: 'Feature', properties, geometry });
const square = (x: number, y: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});
const line = (x: number, y: number, length: number) => ({
  type: 'LineString',
  coordinates: [
    [x, y],
    [x, y + length],
  ],
});

/** A valid layout: a CTR, a tracker and two modules served by it, a pile (written with `type`). */
function validLayout(dx = 0) {
  return {
    type: 'FeatureCollection',
    features: [
      feature({ element_type: 'CTR', code: 'CT-NEW', description: 'Centro nuevo' }, square(X + dx, Y - 0.0002, 0.0001)),
      feature({ element_type: 'TRA', code: 'T-NEW-1', ctr: 'CT-NEW' }, line(X + dx, Y, 0.0005)),
      feature({ element_type: 'MOD', code: 'M-NEW-1', ctr: 'CT-NEW', serial: 'SN-1' }, square(X + dx, Y, 0.00002)),
      feature({ element_type: 'mod', code: 'M-NEW-2', ctr: 'CT-NEW' }, square(X + dx, Y + 0.00003, 0.00002)),
      feature({ type: 'HIN', code: 42 }, { type: 'Point', coordinates: [X + dx, Y + 0.0001] }),
    ],
  };
}

async function createEmptyPlant(ctx: TestContext, code: string) {
  const client = await ctx.db.selectFrom('clients').select('id').where('name', '=', 'Demo Solar').executeTakeFirstOrThrow();
  const group = await ctx.db.selectFrom('state_groups').select('id').where('client_id', '=', client.id).orderBy('id').executeTakeFirstOrThrow();
  const plant = await ctx.db
    .insertInto('plants')
    .values({ client_id: client.id, code, name: `Planta ${code}`, state_group_id: group.id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tech = await ctx.db.selectFrom('users').select('id').where('email', '=', USERS.technician).executeTakeFirstOrThrow();
  await ctx.db.insertInto('user_plants').values({ user_id: tech.id, plant_id: plant.id }).execute();
  return plant.id;
}

describeEachDatabase('layout import', (get) => {
  // Each test imports into an empty plant of its own.
  let plants = 0;
  const emptyPlant = () => createEmptyPlant(get(), `IMP-${String(++plants).padStart(2, '0')}`);

  const post = (plantId: number, payload: unknown, { dryRun = false, email = USERS.admin as string, language = 'es', contentType = 'application/json' } = {}) =>
    get().call('POST', `/api/plants/${plantId}/import-layout/${dryRun ? '?dry_run=true' : ''}`, {
      as: email,
      language,
      payload: JSON.stringify(payload),
      headers: { 'content-type': contentType },
    });
  const elementsOfPlant = (plantId: number) =>
    get()
      .db.selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select(['elements.id', 'elements.code', 'elements.geom', 'elements.min_x', 'elements.min_y', 'elements.max_x', 'elements.max_y'])
      .select(['elements.state_id', 'elements.ctr_id', 'elements.description', 'elements.serial', 'element_types.code as type'])
      .where('elements.plant_id', '=', plantId)
      .orderBy('elements.code')
      .execute();
  const version = async (plantId: number) => (await get().db.selectFrom('plants').select('elements_version').where('id', '=', plantId).executeTakeFirstOrThrow()).elements_version;

  /** A layout with one error of each kind after two valid features. */
  const faultyLayout = () => ({
    type: 'FeatureCollection',
    features: [
      ...validLayout().features.slice(0, 2),
      feature({ element_type: 'XYZ', code: 'A' }, line(X, Y, 0.001)), // 2
      feature({ element_type: 'TRA' }, line(X, Y, 0.001)), // 3
      feature({ element_type: 'TRA', code: 'UTM' }, line(236_000, 4_136_000, 50)), // 4
      feature({ element_type: 'TRA', code: 'T-NEW-1' }, line(X, Y, 0.001)), // 5
      feature({ element_type: 'TRA', code: 'T-2', ctr: 'CT-NOPE' }, line(X, Y, 0.001)), // 6
      { type: 'Point', coordinates: [X, Y] }, // 7
      feature({ element_type: 'TRA', code: 'T-3' }, { type: 'GeometryCollection', geometries: [] }), // 8
      feature({ element_type: 'TRA', code: 'T-4' }, null), // 9
      feature({ element_type: 'TRA', code: 'x'.repeat(101) }, line(X, Y, 0.001)), // 10
    ],
  });

  it('previews counts per type and an error per faulty feature, writing nothing', async () => {
    const plant = await emptyPlant();
    const { status, body } = await post(plant, faultyLayout(), { dryRun: true, language: 'en' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: true, total: 11, counts: { CTR: 1, TRA: 1 }, created: 2, updated: 0, error_count: 9 });
    expect(body.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [2, 'unknown_type'],
      [3, 'missing_code'],
      [4, 'out_of_range'],
      [5, 'duplicate_code'],
      [6, 'unknown_ctr'],
      [7, 'invalid_feature'],
      [8, 'unsupported_geometry'],
      [9, 'missing_geometry'],
      [10, 'too_long'],
    ]);
    expect(body.errors[0].message).toBe('Element type XYZ does not exist.');
    expect(body.errors[3].message).toBe('Code T-NEW-1 of type TRA already appears in feature 1.');
    expect(body.errors[4].message).toBe('Transformation centre CT-NOPE exists neither in the plant nor in the file.');
    expect(await elementsOfPlant(plant)).toEqual([]);
  });

  it('refuses the whole file with a 400 naming each faulty feature, writing nothing', async () => {
    const plant = await emptyPlant();
    const before = await version(plant);
    const { status, body } = await post(plant, faultyLayout());
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['features.2', 'features.3', 'features.4', 'features.5', 'features.6', 'features.7', 'features.8', 'features.9', 'features.10']);
    expect(body['features.2']).toEqual(['El tipo de elemento XYZ no existe.']);
    expect(body['features.10']).toEqual(['La propiedad "code" admite como máximo 100 caracteres.']);
    expect(await elementsOfPlant(plant)).toEqual([]);
    expect(await version(plant)).toBe(before);
  });

  it('imports a valid layout: EWKT, bounding boxes, first states, CTRs resolved, tiles told', async () => {
    const ctx = get();
    const plant = await emptyPlant();
    const before = await version(plant);
    const preview = await post(plant, validLayout(), { dryRun: true });
    expect(preview.body).toMatchObject({ total: 5, counts: { CTR: 1, TRA: 1, MOD: 2, HIN: 1 }, created: 5, updated: 0, errors: [], error_count: 0 });

    const { status, body } = await post(plant, validLayout());
    expect(status).toBe(200);
    expect(body).toMatchObject({ dry_run: false, total: 5, created: 5, updated: 0, errors: [] });
    expect(await version(plant)).toBe(before + 1);

    const rows = await elementsOfPlant(plant);
    expect(rows.map((r) => [r.type, r.code])).toEqual([
      ['HIN', '42'],
      ['CTR', 'CT-NEW'],
      ['MOD', 'M-NEW-1'],
      ['MOD', 'M-NEW-2'],
      ['TRA', 'T-NEW-1'],
    ]);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const ctr = byCode.get('CT-NEW')!;
    expect(ctr.ctr_id).toBe(ctr.id);
    expect(ctr.description).toBe('Centro nuevo');
    expect(byCode.get('M-NEW-1')!.ctr_id).toBe(ctr.id);
    expect(byCode.get('M-NEW-1')!.serial).toBe('SN-1');
    expect(byCode.get('42')!.ctr_id).toBeNull();
    const tracker = byCode.get('T-NEW-1')!;
    expect(tracker.geom).toBe(`SRID=4326;LINESTRING(${X} ${Y},${X} ${Y + 0.0005})`);
    expect([tracker.min_x, tracker.min_y, tracker.max_x, tracker.max_y]).toEqual([X, Y, X, Y + 0.0005]);
    expect(byCode.get('42')!.geom).toBe(`SRID=4326;POINT(${X} ${Y + 0.0001})`);

    // Each new element starts in the first state of its type in the plant's state group.
    for (const row of rows) {
      const first = await ctx.db
        .selectFrom('states')
        .innerJoin('state_group_states', 'state_group_states.state_id', 'states.id')
        .innerJoin('plants', 'plants.state_group_id', 'state_group_states.state_group_id')
        .innerJoin('element_types', 'element_types.id', 'states.element_type_id')
        .select('states.id')
        .where('plants.id', '=', plant)
        .where('element_types.code', '=', row.type)
        .where('states.is_active', '=', 1)
        .orderBy('states.sort_order')
        .orderBy('states.id')
        .executeTakeFirstOrThrow();
      expect(row.state_id, row.code).toBe(first.id);
    }
  });

  it('updates elements with the same type and code instead of adding them, keeping state and id, and the map follows', async () => {
    const ctx = get();
    const plant = await emptyPlant();
    expect((await post(plant, validLayout())).body).toMatchObject({ created: 5, updated: 0 });
    const before = await elementsOfPlant(plant);
    const tracker = before.find((r) => r.code === 'T-NEW-1')!;
    const tileOf = async (geom: string) => {
      const [lon, lat] = centroid(parseWkt(geom));
      const { x, y } = lonLatToTile(lon, lat, 19);
      const res = await ctx.app.inject({ method: 'GET', url: `/api/plants/${plant}/tiles/19/${x}/${y}.pbf`, headers: await ctx.as(USERS.admin) });
      const layer = new VectorTile(new Pbf(res.rawPayload)).layers.elements;
      return layer ? Array.from({ length: layer.length }, (_, i) => layer.feature(i).id) : [];
    };
    expect(await tileOf(tracker.geom)).toContain(tracker.id); // the old geometry is now cached

    const moved = validLayout(0.01);
    moved.features[1].properties!.description = 'Tracker movido';
    const { status, body } = await post(plant, moved);
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: 0, updated: 5 });
    const after = await elementsOfPlant(plant);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const movedTracker = after.find((r) => r.code === 'T-NEW-1')!;
    expect(movedTracker.state_id).toBe(tracker.state_id);
    expect(movedTracker.description).toBe('Tracker movido');
    expect(movedTracker.min_x).toBeCloseTo(X + 0.01, 10);
    // Properties the file leaves out stay as they were.
    expect(after.find((r) => r.code === 'CT-NEW')!.description).toBe('Centro nuevo');

    expect(await tileOf(tracker.geom)).not.toContain(tracker.id);
    expect(await tileOf(movedTracker.geom)).toContain(tracker.id);
  });

  it('reads application/geo+json bodies too', async () => {
    const plant = await emptyPlant();
    expect((await post(plant, validLayout())).body).toMatchObject({ created: 5 });
    const { status, body } = await post(plant, validLayout(0.01), { dryRun: true, contentType: 'application/geo+json' });
    expect(status).toBe(200);
    expect(body.updated).toBe(5);
  });

  it('refuses anything but a FeatureCollection', async () => {
    const { status, body } = await post(await emptyPlant(), { type: 'Feature', features: [] }, { language: 'en' });
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['type']);
  });

  it('is for administrators only (403), and 404 for a plant of another organisation', async () => {
    const plant = await emptyPlant();
    const refused = await post(plant, validLayout(), { email: USERS.technician });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('No tiene permiso para realizar esta acción.');
    const foreign = await post(plant, validLayout(), { email: USERS.otherAdmin });
    expect(foreign.status).toBe(404);
    expect(await elementsOfPlant(plant)).toEqual([]);
  });

  it('imports from the command line', async () => {
    const ctx = get();
    const cliPlant = await createEmptyPlant(ctx, 'IMP-CLI');
    const file = path.join(ctx.config.dataDir, 'layout.geojson');
    fs.writeFileSync(file, JSON.stringify(validLayout(0.02)));
    const env = { ...process.env, DATA_DIR: ctx.config.dataDir, DATABASE_URL: ctx.config.databaseUrl, SEED_DEMO: 'false' };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/modules/layout-import/import-cli.ts', ...args], { cwd: serverDir, env });

    const preview = await cli('--plant', String(cliPlant), '--dry-run', file);
    expect(preview.stdout).toMatch(/MOD\s+2/);
    expect(preview.stdout).toMatch(/dry run: nothing written/);
    expect(await elementsOfPlant(cliPlant)).toEqual([]);

    const done = await cli('--plant', String(cliPlant), file);
    expect(done.stdout).toMatch(/new 5, updated 0/);
    expect((await elementsOfPlant(cliPlant)).map((r) => r.code)).toEqual(['42', 'CT-NEW', 'M-NEW-1', 'M-NEW-2', 'T-NEW-1']);

    fs.writeFileSync(file, JSON.stringify(faultyLayout()));
    const refused = await cli('--plant', String(cliPlant), '--lang', 'en', file).catch((error) => error);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/feature 2: Element type XYZ does not exist\./);
  }, 60_000);
});
