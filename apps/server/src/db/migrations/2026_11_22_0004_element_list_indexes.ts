import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Indexes for the element lists of a 500,000-element plant (DESIGN section 9: a page of 50 rows in
 * under 20 ms). Every list is scoped to one plant and one type, so each index starts with
 * (plant_id, type_id) and then gives one ordering or one filter in index order:
 *   state_id, code  -> `state` filter and ordering, and counts by state as index-only scans
 *   updated_at      -> `updated_at` ordering and the `updated_from`/`updated_to` range
 *   ctr_id, code    -> the `ct` filter in code order
 *   id              -> `id` ordering and paging by id (offline downloads)
 * and one partial index per serial flag: flagged serials are few, and "show me the duplicated
 * serials" must not scan the plant. (Queries write the flag as a literal so that SQLite, which
 * plans before binding values, can choose these.)
 * On PostgreSQL, counts are index-only scans only while the visibility map is fresh: a massive
 * change leaves up to 50,000 dead rows, and with the default thresholds (20 % of the table) a
 * 500,000-element plant's count visited the heap for every changed row (21 ms became 120 ms,
 * measured). Vacuuming the elements table after 1 % keeps it fresh.
 * Frozen: later changes come as new migrations.
 */

const SERIAL_FLAGS = ['is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('elements_plant_type_state_idx').on('elements').columns(['plant_id', 'type_id', 'state_id', 'code']).execute();
  await db.schema.createIndex('elements_plant_type_updated_idx').on('elements').columns(['plant_id', 'type_id', 'updated_at']).execute();
  await db.schema.createIndex('elements_plant_type_ctr_idx').on('elements').columns(['plant_id', 'type_id', 'ctr_id', 'code']).execute();
  await db.schema.createIndex('elements_plant_type_id_idx').on('elements').columns(['plant_id', 'type_id', 'id']).execute();
  for (const flag of SERIAL_FLAGS) {
    await db.schema
      .createIndex(`elements_${flag}_idx`)
      .on('elements')
      .columns(['plant_id', 'type_id', 'code'])
      .where(sql.ref(flag), '=', 1)
      .execute();
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table elements set (autovacuum_vacuum_scale_factor = 0.01, autovacuum_analyze_scale_factor = 0.02)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const names = [
    ...SERIAL_FLAGS.map((flag) => `elements_${flag}_idx`),
    'elements_plant_type_id_idx',
    'elements_plant_type_ctr_idx',
    'elements_plant_type_updated_idx',
    'elements_plant_type_state_idx',
  ];
  for (const name of names) await db.schema.dropIndex(name).ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table elements reset (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`.execute(db);
  }
}
