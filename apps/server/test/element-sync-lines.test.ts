import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_ELEMENT_COLUMNS } from '@heliotrack/domain/sync';
import { SYNC_LINE_COLUMNS } from '../src/db/migrations/2026_11_29_0022_element_sync_lines';
import { createTestContext, databases, seededPlantAndType, type TestContext } from './helpers';

/*
 * Issue 32: on PostgreSQL an element's sync line is stored with the row (elements.sync_line,
 * written by the trigger of migration 0022) and the download reads it as it is. It must be the line
 * the row would give now, whichever writer changed the row.
 */
describe('element sync lines stored with the rows', () => {
  it('are made of the sync stream columns, in their order', () => {
    // A change of the stream's columns needs a migration that rewrites elements_sync_line().
    expect([...SYNC_LINE_COLUMNS]).toEqual([...SYNC_ELEMENT_COLUMNS]);
  });
});

describe.skipIf(!databases.includes('postgres'))('element sync lines stored with the rows [postgres]', () => {
  let ctx: TestContext;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ ctx, close } = await createTestContext('postgres'));
  });
  afterAll(async () => {
    await close?.();
  });

  const live = sql.raw(`json_build_array(${SYNC_ELEMENT_COLUMNS.join(', ')})::text`);
  /** Elements whose stored line is missing or is not the one their row gives now. */
  async function stale() {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from elements where sync_line is distinct from ${live}`.execute(ctx.db);
    return rows[0].n;
  }

  it('hold the live line of every element after the seed, state changes, serials, geometry edits and new elements', async () => {
    expect(await sql<{ n: number }>`select count(*)::int as n from elements`.execute(ctx.db).then((r) => r.rows[0].n)).toBeGreaterThan(500);
    expect(await stale()).toBe(0);

    const { plant, type: moduleType } = await seededPlantAndType(ctx, 'CAR-01', 'MOD');
    const state = await ctx.db
      .selectFrom('states')
      .select('id')
      .where('element_type_id', '=', moduleType.id)
      .where('depends_on', 'is', null)
      .where('is_active', '=', 1)
      .where('restringed', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const modules = (
      await ctx.db.selectFrom('elements').select('id').where('plant_id', '=', plant.id).where('type_id', '=', moduleType.id).orderBy('id').limit(6).execute()
    ).map((m) => m.id);
    const one = await ctx.call('POST', `/api/plants/${plant.id}/modules/${modules[0]}/state-change/`, { payload: { state: state.id, element_type: moduleType.id } });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const many = await ctx.call('POST', `/api/plants/${plant.id}/modules/massive-state-change/`, {
      payload: { state: state.id, element_type: moduleType.id, element_ids: modules.slice(1, 4) },
    });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    // Writers outside the state changes, as a layout import or a serial scan writes the row.
    await ctx.db.updateTable('elements').set({ serial: 'SN-ÑANDÚ "7"', is_serial_duplicated: 1 }).where('id', '=', modules[4]).execute();
    await ctx.db.updateTable('elements').set({ geom: 'POINT (-5.5 37.5)', min_x: -5.5, min_y: 37.5, max_x: -5.5, max_y: 37.5 }).where('id', '=', modules[5]).execute();
    await ctx.db
      .insertInto('elements')
      .values({ plant_id: plant.id, type_id: moduleType.id, code: 'MOD-NEW\\1', description: 'nuevo', geom: '', updated_at: new Date().toISOString() })
      .execute();
    // Nobody can write a line of their own: the trigger writes it again.
    await ctx.db.updateTable('elements').set({ sync_line: '[]' }).where('id', '=', modules[0]).execute();

    expect(await stale()).toBe(0);
    const changed = await ctx.db.selectFrom('elements').select(['id', 'sync_line', 'state_id']).where('id', 'in', modules.slice(0, 5)).orderBy('id').execute();
    expect(changed.slice(0, 4).map((row) => JSON.parse(row.sync_line!)[2])).toEqual([state.id, state.id, state.id, state.id]);
    expect(JSON.parse(changed[4].sync_line!)[5]).toBe('SN-ÑANDÚ "7"');
  });

  it('are what a download sends', async () => {
    const { plant } = await seededPlantAndType(ctx, 'CAR-01', 'MOD');
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/plants/${plant.id}/sync/`, headers: await ctx.as('admin@heliotrack.demo') });
    expect(answer.statusCode).toBe(200);
    const sent = answer.body.split('\n').filter((line) => line.startsWith('['));
    const { rows } = await sql<{ line: string }>`select ${live} as line from elements where plant_id = ${plant.id} order by row_version, id`.execute(ctx.db);
    expect(sent).toEqual(rows.map((row) => row.line));
  });
});
