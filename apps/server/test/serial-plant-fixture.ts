import { demoClientId, type TestContext, USERS } from './helpers';

/*
 * A plant of its own for a serial-scanning test (issue 19): modules in a row, no serials, the
 * technician authorised on it, so the demo seed's serials do not interfere.
 */

export const SERIAL = (n: number) => `HT${String(n).padStart(12, '0')}`; // 14 characters, the default code length

export interface Plant {
  id: number;
  modules: number[];
}

export async function createPlant(
  ctx: TestContext,
  code: string,
  { enabled = true, modules = 6 } = {},
): Promise<Plant> {
  const client = { id: await demoClientId(ctx) };
  const type = await ctx.db
    .selectFrom('element_types')
    .select('id')
    .where('client_id', '=', client.id)
    .where('code', '=', 'MOD')
    .executeTakeFirstOrThrow();
  const plant = await ctx.db
    .insertInto('plants')
    .values({
      client_id: client.id,
      code,
      name: `Planta ${code}`,
      is_serial_scan_enable: enabled ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: modules }, (_, i) => {
    const x = -5.7 + i * 0.00002;
    return {
      plant_id: plant.id,
      type_id: type.id,
      code: `${code}-M${i + 1}`,
      geom: `SRID=4326;POLYGON((${x} 37.3,${x + 0.00001} 37.3,${x + 0.00001} 37.30002,${x} 37.30002,${x} 37.3))`,
      min_x: x,
      min_y: 37.3,
      max_x: x + 0.00001,
      max_y: 37.30002,
      ctr_id: null,
      state_id: null,
      last_state_change_contractor_id: null,
      updated_at: new Date().toISOString(),
    };
  });
  const ids = await ctx.db.insertInto('elements').values(rows).returning('id').execute();
  const tech = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', USERS.technician)
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('user_plants').values({ user_id: tech.id, plant_id: plant.id }).execute();
  return { id: plant.id, modules: ids.map((r) => r.id).sort((a, b) => a - b) };
}

