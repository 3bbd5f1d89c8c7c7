import { expect, it } from 'vitest';
import { centroid, parseWkt } from '@heliotrack/domain/geometry';
import { lonLatToTile } from '@heliotrack/domain/tiles';
import { describeEachDatabase, USERS } from './helpers';

/*
 * Issue 32: every PPI result write moves plants.elements_version (the sync cursor must see it), but
 * what shows element rows only (tiles, plant layouts, list and element counts) keys on
 * plants.element_rows_version (migration 0021), which only writes of element rows move: a result
 * leaves a kept tile valid, a state change does not.
 */
describeEachDatabase('caches kept across PPI result writes', (get) => {
  it('answers 304 to a kept tile after a PPI result write, and a new tile after a state change', async () => {
    const ctx = get();
    const plant = await ctx.db.selectFrom('plants').selectAll().where('code', '=', 'CAR-01').executeTakeFirstOrThrow();
    const pileType = await ctx.db
      .selectFrom('element_types')
      .select('id')
      .where('client_id', '=', plant.client_id)
      .where('code', '=', 'HIN')
      .executeTakeFirstOrThrow();
    const template = await ctx.call('POST', '/api/templates/', {
      payload: { name: 'Hincas caché', element_type: pileType.id, activities: [{ name: 'Profundidad', is_required: true, roles: ['CA'] }] },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const ppi = await ctx.call('POST', `/api/plants/${plant.id}/ppis/`, {
      payload: { code: 'CACHE-1', name: 'Caché', template: template.body.id, users: [] },
    });
    expect(ppi.status, JSON.stringify(ppi.body)).toBe(201);
    const pile = await ctx.db
      .selectFrom('elements')
      .select(['id', 'geom', 'state_id'])
      .where('plant_id', '=', plant.id)
      .where('type_id', '=', pileType.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const link = await ctx.call('POST', `/api/ppis/${ppi.body.id}/link-elements`, { payload: { element_ids: [pile.id] } });
    expect(link.status).toBe(200);

    const [lon, lat] = centroid(parseWkt(pile.geom));
    const { x, y } = lonLatToTile(lon, lat, 19);
    const url = `/api/plants/${plant.id}/tiles/19/${x}/${y}.pbf`;
    const first = await ctx.call('GET', url);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    const versions = () =>
      ctx.db.selectFrom('plants').select(['elements_version', 'element_rows_version']).where('id', '=', plant.id).executeTakeFirstOrThrow();
    const before = await versions();

    const result = await ctx.call('POST', `/api/ppis/${ppi.body.id}/bulk-update-results/`, {
      as: USERS.admin,
      payload: { activity: ppi.body.activities[0].id, element_ids: [pile.id], result: 'ok', observations: '' },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const afterResult = await versions();
    // The sync cursor sees the result; the tile is the same.
    expect(Number(afterResult.elements_version)).toBeGreaterThan(Number(before.elements_version));
    expect(Number(afterResult.element_rows_version)).toBe(Number(before.element_rows_version));
    const kept = await ctx.call('GET', url, { headers: { 'if-none-match': etag } });
    expect(kept.status).toBe(304);

    const state = await ctx.db
      .selectFrom('states')
      .select('id')
      .where('element_type_id', '=', pileType.id)
      .where('id', '!=', pile.state_id ?? -1)
      .where('depends_on', 'is', null)
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const change = await ctx.call('POST', `/api/plants/${plant.id}/hincas/massive-state-change/`, {
      payload: { state: state.id, element_type: pileType.id, element_ids: [pile.id] },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect(Number((await versions()).element_rows_version)).toBe(Number(before.element_rows_version) + 1);
    const changed = await ctx.call('GET', url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
