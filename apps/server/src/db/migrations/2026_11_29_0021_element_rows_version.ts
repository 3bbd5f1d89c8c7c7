import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Caches that survive PPI result writes (issue 32):
 *
 *   plants.element_rows_version -> moves by one with every transaction that writes the plant's
 *                                  element rows or tombstones (state changes, layout imports,
 *                                  serials, deletions), in the same statement that takes the next
 *                                  elements_version, so in commit order as well. Writes of PPI
 *                                  results and PPI links move elements_version (the sync cursor must
 *                                  see them) but not this one: vector tiles, plant layouts, list and
 *                                  element counts, which show element rows only, key on it. Starts
 *                                  at elements_version (every earlier write counted as an element write).
 *   elements_tombstone trigger  -> bumps both.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('plants').addColumn('element_rows_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update plants set element_rows_version = elements_version`.execute(db);
  await tombstoneTrigger(db, isPostgres, sql`elements_version = elements_version + 1, element_rows_version = element_rows_version + 1`);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await tombstoneTrigger(db, isPostgres, sql`elements_version = elements_version + 1`);
  await db.schema.alterTable('plants').dropColumn('element_rows_version').execute();
}

/** The trigger of migration 0009, with `bump` as the plant's update. */
async function tombstoneTrigger(db: Kysely<any>, isPostgres: boolean, bump: ReturnType<typeof sql>) {
  if (isPostgres) {
    await sql`create or replace function elements_tombstone() returns trigger language plpgsql as $$
      begin
        update plants set ${bump} where id = old.plant_id;
        insert into element_tombstones (plant_id, element_id, row_version)
          select id, old.id, elements_version from plants where id = old.plant_id;
        return old;
      end $$`.execute(db);
    return;
  }
  await sql`drop trigger if exists elements_tombstone`.execute(db);
  await sql`create trigger elements_tombstone after delete on elements for each row begin
      update plants set ${bump} where id = old.plant_id;
      insert into element_tombstones (plant_id, element_id, row_version)
        select id, old.id, elements_version from plants where id = old.plant_id;
    end`.execute(db);
}
