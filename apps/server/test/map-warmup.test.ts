import Pbf from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { expect, it } from 'vitest';
import { tilesCoveringBbox } from '@heliotrack/domain/tiles';
import { loadCurrentUser } from '../src/lib/current-user';
import { SpatialService } from '../src/modules/spatial/spatial.service';
import { describeEachDatabase, USERS } from './helpers';

/** A tile's features, by id: what a map draws. Row order (so feature order) may differ on PostgreSQL. */
function features(body: Buffer) {
  const layer = new VectorTile(new Pbf(body)).layers.elements;
  const all = [];
  for (let i = 0; i < (layer?.length ?? 0); i++) {
    const feature = layer.feature(i);
    all.push({ id: feature.id, type: feature.type, properties: feature.properties, geometry: feature.loadGeometry() });
  }
  return all.sort((a, b) => Number(a.id) - Number(b.id));
}

/*
 * The server warms its maps when it starts (extent, overview, geometries, low-zoom tiles encoded
 * ahead) and keeps encoded tiles by ETag. None of it may change a tile: the answers of the warm
 * server hold the features of a service that starts cold and encodes every tile on request (byte
 * for byte on SQLite, where rows come in the same order).
 */
describeEachDatabase('map warm-up and tile cache', (get) => {
  it('answers every tile of the plant at z12–z18 with the features a cold service encodes', async () => {
    const ctx = get();
    await ctx.app.mapsWarmed();
    const plant = await ctx.db.selectFrom('plants').select('id').where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const admin = await ctx.db.selectFrom('users').select('id').where('email', '=', USERS.admin).executeTakeFirstOrThrow();
    const user = (await loadCurrentUser(ctx.db, admin.id))!;
    const { body } = await ctx.call('GET', `/api/plants/${plant.id}/tiles/bounds`);
    const cold = new SpatialService(ctx.db);
    const silent = { warn: () => undefined } as never;
    let compared = 0;
    for (const z of [12, 13, 14, 15, 16, 17, 18]) {
      for (const tile of tilesCoveringBbox(body.bbox, z).slice(0, 6)) {
        const url = `/api/plants/${plant.id}/tiles/${z}/${tile.x}/${tile.y}.pbf`;
        // Twice: the second answer comes from the tile cache.
        const [first, again] = [await ctx.call('GET', url), await ctx.call('GET', url)];
        const expected = await cold.tile(user, plant.id, tile, undefined, silent);
        if (expected.status !== 200) throw new Error('a cold tile without If-None-Match is a 200');
        expect(first.status).toBe(200);
        expect(first.headers.etag).toBe(expected.etag);
        expect(features(first.bytes), url).toEqual(features(expected.body));
        expect(again.bytes.equals(first.bytes), url).toBe(true);
        if (!ctx.config.databaseUrl.startsWith('postgres')) expect(first.bytes.equals(expected.body), url).toBe(true);
        if (expected.body.length > 0) compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('answers a new tile after a state change, never the cached one of the version before', async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').select(['id', 'client_id']).where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const tracker = await ctx.db
      .selectFrom('elements')
      .innerJoin('element_types', 'element_types.id', 'elements.type_id')
      .select(['elements.id', 'elements.type_id', 'elements.min_x', 'elements.min_y', 'elements.state_id'])
      .where('elements.plant_id', '=', plant.id)
      .where('element_types.code', '=', 'TRA')
      .orderBy('elements.id')
      .executeTakeFirstOrThrow();
    const states = await ctx.db
      .selectFrom('states')
      .select('id')
      .where('element_type_id', '=', tracker.type_id)
      .where('depends_on', 'is', null)
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .execute();
    const [tile] = tilesCoveringBbox([tracker.min_x!, tracker.min_y!, tracker.min_x!, tracker.min_y!], 15);
    const url = `/api/plants/${plant.id}/tiles/15/${tile.x}/${tile.y}.pbf`;
    const before = await ctx.call('GET', url);
    const next = states.find((s) => s.id !== tracker.state_id)!;
    const change = await ctx.call('POST', `/api/plants/${plant.id}/trackers/massive-state-change/`, {
      payload: { state: next.id, element_type: tracker.type_id, element_ids: [tracker.id] },
    });
    expect(change.status, change.text).toBeLessThan(300);
    const after = await ctx.call('GET', url);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(features(after.bytes)).not.toEqual(features(before.bytes));
    const admin = await ctx.db.selectFrom('users').select('id').where('email', '=', USERS.admin).executeTakeFirstOrThrow();
    const expected = await new SpatialService(ctx.db).tile((await loadCurrentUser(ctx.db, admin.id))!, plant.id, tile, undefined, { warn: () => undefined } as never);
    if (expected.status !== 200) throw new Error('a cold tile without If-None-Match is a 200');
    expect(features(after.bytes)).toEqual(features(expected.body));
  });
});
