import Pbf from 'pbf';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import { describe, expect, it } from 'vitest';
import { normaliseColor } from '@heliotrack/domain/catalogues';
import { centroid, type Geometry, parseWkt } from '@heliotrack/domain/geometry';
import { lonLatToTile, tilesCoveringBbox } from '@heliotrack/domain/tiles';
import { GeometryCache, geometryCheck } from '../src/modules/spatial/geometry-cache';
import { describeEachDatabase, type TestContext, USERS } from './helpers';

async function plantId(ctx: TestContext, code: string) {
  return (await ctx.db.selectFrom('plants').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

function decode(body: Buffer): VectorTileFeature[] {
  const layer = new VectorTile(new Pbf(body)).layers.elements;
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i));
}

describeEachDatabase('vector tiles', (get) => {
  /** What every write to a plant's elements does in its transaction, done by hand after a direct change. */
  const bumpElementsVersion = (plant: number) =>
    get()
      .db.updateTable('plants')
      .set((eb) => ({ elements_version: eb('elements_version', '+', 1), element_rows_version: eb('element_rows_version', '+', 1) }))
      .where('id', '=', plant)
      .execute();

  /** A module of the small plant with its state, and the z18 tile it lies on. */
  async function aModule() {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const row = await ctx.db
      .selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .innerJoin('states', 'states.id', 'elements.state_id')
      .select(['elements.id', 'elements.code', 'elements.geom', 'elements.state_id', 'states.color', 'states.is_ok'])
      .where('elements.plant_id', '=', plant)
      .where('element_types.code', '=', 'MOD')
      .orderBy('elements.id')
      .executeTakeFirstOrThrow();
    const [lon, lat] = centroid(parseWkt(row.geom));
    const { x, y } = lonLatToTile(lon, lat, 18);
    return { plant, row, url: `/api/plants/${plant}/tiles/18/${x}/${y}.pbf` };
  }

  it('draws each element with its type, code, state and state colour', async () => {
    const { row, url } = await aModule();
    const res = await get().call('GET', url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const features = decode(res.bytes);
    const feature = features.find((f) => f.id === row.id);
    expect(feature).toBeDefined();
    expect(feature!.properties).toEqual({
      type: 'MOD',
      code: row.code,
      state: row.state_id,
      color: normaliseColor(row.color),
      is_ok: row.is_ok === 1,
    });
    expect(feature!.type).toBe(3); // polygon
    expect(features.map((f) => f.properties.type)).toEqual(expect.arrayContaining(['MOD', 'HIN', 'STR', 'TRA']));
  });

  it('leaves modules and piles out below zoom 18, and keeps every other element of the plant', async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const box = await ctx.db
      .selectFrom('elements')
      .select((eb) => [eb.fn.min('min_x').as('a'), eb.fn.min('min_y').as('b'), eb.fn.max('max_x').as('c'), eb.fn.max('max_y').as('d')])
      .where('plant_id', '=', plant)
      .executeTakeFirstOrThrow();
    const overview = await ctx.db
      .selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select('elements.id')
      .where('elements.plant_id', '=', plant)
      .where('element_types.code', 'not in', ['MOD', 'HIN'])
      .orderBy('elements.id')
      .execute();
    for (const z of [14, 17]) {
      const seen = new Set<number>();
      const types = new Set<string>();
      for (const t of tilesCoveringBbox([Number(box.a), Number(box.b), Number(box.c), Number(box.d)], z)) {
        const res = await get().call('GET', `/api/plants/${plant}/tiles/${z}/${t.x}/${t.y}.pbf`);
        expect(res.status).toBe(200);
        for (const f of decode(res.bytes)) {
          seen.add(f.id!);
          types.add(String(f.properties.type));
        }
      }
      expect([...types].sort()).toEqual(['CTR', 'INV', 'MAS', 'STR', 'TRA']);
      expect([...seen].sort((p, q) => p - q)).toEqual(overview.map((e) => e.id));
    }
  });

  it('answers 304 to a matching If-None-Match, and a new tile once a state changes', async () => {
    const ctx = get();
    const { plant, row, url } = await aModule();
    const first = await get().call('GET', url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get().call('GET', url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get().call('GET', url, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);

    // What a state change does: the element's state, and the plant's elements_version.
    const other = await ctx.db
      .selectFrom('states')
      .select(['id', 'color'])
      .where('element_type_id', '=', (await ctx.db.selectFrom('elements').select('type_id').where('id', '=', row.id).executeTakeFirstOrThrow()).type_id)
      .where('id', '!=', row.state_id)
      .where('color', '!=', row.color)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('elements').set({ state_id: other.id }).where('id', '=', row.id).execute();
    await bumpElementsVersion(plant);
    const changed = await get().call('GET', url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const feature = decode(changed.bytes).find((f) => f.id === row.id)!;
    expect(feature.properties.state).toBe(other.id);
    expect(feature.properties.color).toBe(normaliseColor(other.color));

    // An organisation recolouring a state changes every tile too.
    const recoloured = changed.headers.etag as string;
    await ctx.db.updateTable('states').set({ color: 'zzzzzz' }).where('id', '=', other.id).execute();
    const afterRecolour = await get().call('GET', url, { headers: { 'if-none-match': recoloured } });
    expect(afterRecolour.status).toBe(200);
    expect(decode(afterRecolour.bytes).find((f) => f.id === row.id)!.properties.color).toBe('ff8000');
  });

  /** The tracker drawn at z14 with its feature, and the URL of that tile. */
  async function aTrackerAtZ14() {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const tracker = await ctx.db
      .selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select(['elements.id', 'elements.geom', 'elements.type_id', 'elements.state_id', 'elements.min_x', 'elements.min_y', 'elements.max_x', 'elements.max_y'])
      .where('elements.plant_id', '=', plant)
      .where('element_types.code', '=', 'TRA')
      .orderBy('elements.id')
      .executeTakeFirstOrThrow();
    const urlAt = ([lon, lat]: [number, number]) => {
      const { x, y } = lonLatToTile(lon, lat, 14);
      return `/api/plants/${plant}/tiles/14/${x}/${y}.pbf`;
    };
    const featureAt = async (url: string) => decode((await get().call('GET', url)).bytes).find((f) => f.id === tracker.id);
    return { plant, tracker, urlAt, featureAt };
  }

  it('shows a recorded state change at low zoom too', async () => {
    const ctx = get();
    const { plant, tracker, urlAt, featureAt } = await aTrackerAtZ14();
    const url = urlAt(centroid(parseWkt(tracker.geom)));
    expect((await featureAt(url))!.properties.state).toBe(tracker.state_id);
    const target = await ctx.db
      .selectFrom('states')
      .select(['id', 'color'])
      .where('element_type_id', '=', tracker.type_id)
      .where('id', '!=', tracker.state_id)
      .where('depends_on', 'is', null)
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Through the state-change endpoint: its history row tells the map that only states changed.
    const change = await ctx.app.inject({
      method: 'POST',
      url: `/api/plants/${plant}/trackers/massive-state-change/`,
      headers: await ctx.as(USERS.admin),
      payload: { state: target.id, element_type: tracker.type_id, element_ids: [tracker.id] },
    });
    expect(change.statusCode, change.body).toBe(200);
    const feature = (await featureAt(url))!;
    expect(feature.properties.state).toBe(target.id);
    expect(feature.properties.color).toBe(normaliseColor(target.color));
  });

  it('follows a layout changed by another process (no history row), at every zoom', async () => {
    const ctx = get();
    const { plant, tracker, urlAt, featureAt } = await aTrackerAtZ14();
    const before = centroid(parseWkt(tracker.geom));
    const shift = 0.05; // a few z14 tiles east
    const moved = parseWkt(tracker.geom).coordinates as [number, number][];
    const geom = `SRID=4326;LINESTRING(${moved.map(([x, y]) => `${x + shift} ${y}`).join(',')})`;
    await ctx.db
      .updateTable('elements')
      .set({ geom, min_x: tracker.min_x! + shift, max_x: tracker.max_x! + shift })
      .where('id', '=', tracker.id)
      .execute();
    await bumpElementsVersion(plant);
    expect(await featureAt(urlAt(before))).toBeUndefined();
    expect(await featureAt(urlAt([before[0] + shift, before[1]]))).toBeDefined();
    const { x, y } = lonLatToTile(before[0] + shift, before[1], 19);
    const detail = decode((await get().call('GET', `/api/plants/${plant}/tiles/19/${x}/${y}.pbf`)).bytes);
    expect(detail.map((f) => f.id)).toContain(tracker.id);
    const bounds = (await get().call('GET', `/api/plants/${plant}/tiles/bounds/`)).body.bbox;
    expect(bounds[2]).toBeCloseTo(tracker.max_x! + shift, 10);
  });

  it('answers an empty tile where the plant has nothing', async () => {
    const plant = await plantId(get(), 'CAR-01');
    const res = await get().call('GET', `/api/plants/${plant}/tiles/18/0/0.pbf`);
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(0);
  });

  it('skips an element whose geometry cannot be read', async () => {
    const ctx = get();
    const { plant, row, url } = await aModule();
    // A module of this test's own beside the first one, with the same box but unreadable geometry.
    const source = await ctx.db.selectFrom('elements').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    const { id: broken } = await ctx.db
      .insertInto('elements')
      .values({
        plant_id: plant,
        type_id: source.type_id,
        code: `${source.code}-ROTO`,
        state_id: source.state_id,
        geom: 'SRID=4326;POLYGON((oops',
        min_x: source.min_x,
        min_y: source.min_y,
        max_x: source.max_x,
        max_y: source.max_y,
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await bumpElementsVersion(plant);
    const res = await get().call('GET', url);
    expect(res.status).toBe(200);
    const features = decode(res.bytes);
    expect(features.length).toBeGreaterThan(0);
    expect(features.map((f) => f.id)).not.toContain(broken);
  });

  it('answers 400 for tile coordinates that do not exist', async () => {
    const plant = await plantId(get(), 'CAR-01');
    const status = (path: string, language?: string) => get().call('GET', `/api/plants/${plant}/tiles/${path}.pbf`, { language });
    expect(await status('3/8/0', 'en')).toEqual({ status: 400, body: { x: ['Must be between 0 and 7 at zoom level 3.'] } });
    expect(await status('3/0/8')).toEqual({ status: 400, body: { y: ['Debe estar entre 0 y 7 en el nivel de zoom 3.'] } });
    for (const bad of ['25/0/0', 'a/0/0', '3/-1/0', '3/0/1.5', '99999999999/0/0']) {
      const res = await status(bad);
      expect(res.status, bad).toBe(400);
    }
  });

  it('answers 404 for a plant of another organisation, and 401 without a token', async () => {
    const ctx = get();
    const own = await plantId(ctx, 'CAR-01');
    expect((await get().call('GET', `/api/plants/${own}/tiles/18/0/0.pbf`, { as: USERS.otherAdmin })).status).toBe(404);
    expect((await get().call('GET', `/api/plants/${own}/tiles/bounds/`, { as: USERS.otherAdmin })).status).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/plants/${own}/tiles/18/0/0.pbf` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("gives the bounds of the plant's elements for the map to fit", async () => {
    const ctx = get();
    const plant = await plantId(ctx, 'CAR-01');
    const box = await ctx.db
      .selectFrom('elements')
      .select((eb) => [eb.fn.min('min_x').as('a'), eb.fn.min('min_y').as('b'), eb.fn.max('max_x').as('c'), eb.fn.max('max_y').as('d')])
      .where('plant_id', '=', plant)
      .executeTakeFirstOrThrow();
    const res = await get().call('GET', `/api/plants/${plant}/tiles/bounds/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bbox: [Number(box.a), Number(box.b), Number(box.c), Number(box.d)] });
  });
});

describe('the cache of parsed geometries', () => {
  const shapes: Geometry[] = [
    parseWkt('POINT(-5.6 37.4)'),
    parseWkt('SRID=4326;LINESTRING(-5.6 37.4,-5.6 37.5,-5.5 37.5)'),
    parseWkt('POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,2 1,2 2,1 1))'),
    parseWkt('MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))'),
  ];

  it('gives back what it was given, and nothing once the database says the geometry changed', () => {
    const cache = new GeometryCache().plant(1);
    shapes.forEach((shape, i) => cache.set(100 + i, i, shape));
    cache.set(200, 7, null);
    shapes.forEach((shape, i) => expect(cache.get(100 + i, i)!.coordinates).toEqual(shape.coordinates));
    expect(cache.get(100, 0)!.type).toBe('Point');
    expect(cache.get(200, 7)).toBeNull(); // unreadable, remembered as such
    expect(cache.get(101, 99)).toBeUndefined(); // another check: out of date
    expect(cache.get(999, 0)).toBeUndefined();
    cache.set(101, 99, shapes[0]);
    expect(cache.get(101, 99)!.type).toBe('Point');
    cache.set(5_000_000_000 % 2 ** 31, 1, shapes[0]); // an id far from the others
    expect(cache.get(5_000_000_000 % 2 ** 31, 1)!.type).toBe('Point');
  });

  it('tells geometries apart by bbox and text length', () => {
    expect(geometryCheck(1, 2, 3, 4, 50)).toBe(geometryCheck(1, 2, 3, 4, 50));
    expect(geometryCheck(1, 2, 3, 4, 50)).not.toBe(geometryCheck(1, 2, 3, 4.000001, 50));
    expect(geometryCheck(1, 2, 3, 4, 50)).not.toBe(geometryCheck(1, 2, 3, 4, 51));
    expect(geometryCheck(null, null, null, null, 0)).not.toBe(geometryCheck(0, 0, 0, 0, 0));
  });

  it('forgets the least recently used plants beyond its memory bound', () => {
    const fill = (cache: GeometryCache, plant: number) => {
      const geometries = cache.plant(plant);
      for (let id = 1; id <= 2000; id++) geometries.set(id, 0, shapes[2]);
      cache.trim();
      return geometries.bytes;
    };
    const onePlant = fill(new GeometryCache(), 1);
    const cache = new GeometryCache(onePlant * 1.5);
    fill(cache, 1);
    fill(cache, 2);
    expect(cache.bytes).toBeLessThanOrEqual(onePlant * 1.5);
    expect(cache.plant(2).has(1, 0)).toBe(true);
    expect(cache.plant(1).has(1, 0)).toBe(false);
  });
});
