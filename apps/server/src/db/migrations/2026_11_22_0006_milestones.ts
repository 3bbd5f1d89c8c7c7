import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Planning milestones (issue 6) and the indexes of the dashboard's aggregates:
 *   milestones (plant_id, element_type_id)         -> the milestones of a plant, by element type
 *   state_changes (plant_id, element_type_id, state_id, created_at)
 *                                                  -> the S-curve of a milestone: the changes of one
 *                                                     type into some states, by day
 *   state_change_elements (state_change_id, previous_state_id)
 *                                                  -> elements-by-state as of a date: the history rows
 *                                                     after the date grouped per change and previous
 *                                                     state from the index alone (no table reads, no sort)
 *   PostgreSQL only: elements (plant_id, type_id, code COLLATE "C")
 *                                                  -> "modules under an affected string/tracker/
 *                                                     inverter" is a code-prefix range, compared
 *                                                     bytewise so that '-' sorts as itself whatever
 *                                                     the database's collation; SQLite compares
 *                                                     bytewise already and uses elements_plant_type_code_idx.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('milestones');
  table = isPostgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id').onDelete('cascade'))
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('target_count', 'integer', (c) => c.notNull())
    .addColumn('target_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('milestones_plant_type_idx').on('milestones').columns(['plant_id', 'element_type_id']).execute();
  await db.schema
    .createIndex('state_changes_plant_type_state_idx')
    .on('state_changes')
    .columns(['plant_id', 'element_type_id', 'state_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('state_change_elements_change_previous_idx')
    .on('state_change_elements')
    .columns(['state_change_id', 'previous_state_id'])
    .execute();
  if (isPostgres) {
    await sql`create index elements_plant_type_code_c_idx on elements (plant_id, type_id, code collate "C")`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('elements_plant_type_code_c_idx').ifExists().execute();
  await db.schema.dropIndex('state_change_elements_change_previous_idx').ifExists().execute();
  await db.schema.dropIndex('state_changes_plant_type_state_idx').ifExists().execute();
  await db.schema.dropTable('milestones').ifExists().execute();
}
