import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Sync you can trust (issue 38, DESIGN section 6 "Merge"):
 *
 *   state_changes.observed_at        -> the change's time of observation: recorded_at when the device
 *                                       sent one, else the server's time (created_at). History is
 *                                       ordered by it; backfilled.
 *   state_changes.elements_version   -> the plant's elements_version the change's arrival made: a device
 *                                       whose last download is older has not seen it (conflicts). 0 for
 *                                       changes made before this migration (seen by every download).
 *   state_change_elements.late       -> kept in history but not current: a later-observed change of the
 *                                       element had arrived first.
 *   state_change_elements.conflict   -> the device had not seen another user's change of the element.
 *   elements.state_change_id         -> the change that gave the element its current state (its time of
 *                                       observation and user decide the merge without reading history);
 *                                       backfilled with the element's last history row. No foreign key:
 *                                       both rows go with their plant.
 *   sync_reviews                     -> conflicts, late arrivals and refused offline changes, for the
 *                                       office to review; a refused change is recorded once per client
 *                                       uuid (refused_uuid, unique per organisation; null otherwise).
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('state_changes').addColumn('observed_at', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('state_changes').addColumn('elements_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update state_changes set observed_at = coalesce(recorded_at, created_at)`.execute(db);
  await db.schema.alterTable('state_change_elements').addColumn('late', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('state_change_elements').addColumn('conflict', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('elements').addColumn('state_change_id', 'integer').execute();
  // The primary key (element_id, state_change_id) answers each element's max.
  await sql`update elements set state_change_id = (
    select max(sce.state_change_id) from state_change_elements sce where sce.element_id = elements.id
  )`.execute(db);

  let reviews = db.schema.createTable('sync_reviews');
  reviews = isPostgres
    ? reviews.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : reviews.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await reviews
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    // 'conflict' | 'late' | 'refused'
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id').onDelete('cascade'))
    .addColumn('state_id', 'integer', (c) => c.references('states.id').onDelete('set null'))
    // JSON array of the element ids the review is about, and their count.
    .addColumn('element_ids', 'text', (c) => c.notNull())
    .addColumn('element_count', 'integer', (c) => c.notNull())
    .addColumn('observed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    // The incoming change (conflicts and late arrivals) and the change it met.
    .addColumn('state_change_id', 'integer', (c) => c.references('state_changes.id').onDelete('cascade'))
    .addColumn('met_state_change_id', 'integer', (c) => c.references('state_changes.id').onDelete('set null'))
    // Refused changes: the device's uuid, the refusal's code and message in the sender's language.
    .addColumn('refused_uuid', 'varchar(64)')
    .addColumn('reason_code', 'varchar(64)')
    .addColumn('reason', 'varchar(2000)')
    .addColumn('resolved_at', 'varchar(32)')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_reviews_plant_idx').on('sync_reviews').columns(['plant_id', 'resolved_at', 'id']).execute();
  await db.schema.createIndex('sync_reviews_refused_uq').on('sync_reviews').columns(['client_id', 'refused_uuid']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_reviews').ifExists().execute();
  await db.schema.alterTable('elements').dropColumn('state_change_id').execute();
  await db.schema.alterTable('state_change_elements').dropColumn('conflict').execute();
  await db.schema.alterTable('state_change_elements').dropColumn('late').execute();
  await db.schema.alterTable('state_changes').dropColumn('elements_version').execute();
  await db.schema.alterTable('state_changes').dropColumn('observed_at').execute();
}
