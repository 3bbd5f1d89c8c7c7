import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * PPI results recorded offline (issue 36, DESIGN section 6 "Merge"):
 *
 *   ppi_results.observed_at          -> the current write's time of observation (recorded_at when the
 *                                       device sent one, else the server's time); backfilled with
 *                                       updated_at.
 *   ppi_results.row_version          -> the plant's elements_version its last current write made: a
 *                                       device whose download is older has not seen it (conflicts),
 *                                       and the sync stream sends the results newer than its cursor.
 *                                       0 for results written before this migration.
 *   ppi_result_history               -> every write of a result, as written, with its time of
 *                                       observation and arrival; late (a later-observed write had
 *                                       arrived first: not current) and conflict (the device had not
 *                                       seen another user's write). Backfilled with one row per result.
 *   ppis.sync_version                -> the plant's elements_version of the last change of the PPI's linked
 *                                       elements or users: an incremental download sends such a PPI's
 *                                       links and results whole (a user just linked has none of them).
 *   sync_reviews.subject             -> 'state_change' (as before) or 'ppi_result'; for PPI results,
 *                                       the PPI, the activity, the incoming result, and the history
 *                                       rows of the incoming write and of the write it met.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('ppi_results')
    .addColumn('observed_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('ppi_results')
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update ppi_results set observed_at = updated_at`.execute(db);
  await db.schema
    .alterTable('ppis')
    .addColumn('sync_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('ppi_results_version_idx')
    .on('ppi_results')
    .columns(['ppi_id', 'row_version'])
    .execute();

  let history = db.schema.createTable('ppi_result_history');
  history = isPostgres
    ? history.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : history.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await history
    .addColumn('result_id', 'integer', (c) => c.notNull().references('ppi_results.id').onDelete('cascade'))
    .addColumn('result', 'varchar(10)', (c) => c.notNull())
    .addColumn('observations', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('equipment_id', 'integer', (c) =>
      c.references('calibration_equipment.id').onDelete('set null'),
    )
    .addColumn('result_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(32)')
    .addColumn('observed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('conflict', 'integer', (c) => c.notNull().defaultTo(0))
    // The plant's elements_version the write's arrival made.
    .addColumn('elements_version', 'integer', (c) => c.notNull().defaultTo(0))
    // The write's client uuid (one write makes many rows; the uuid's answer is in ppi_result_writes).
    .addColumn('client_uuid', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('ppi_result_history_result_idx')
    .on('ppi_result_history')
    .columns(['result_id', 'id'])
    .execute();
  await sql`insert into ppi_result_history
      (result_id, result, observations, equipment_id, result_date, user_id, role, recorded_at, observed_at, received_at, late, conflict, elements_version, client_uuid)
    select id, result, observations, equipment_id, result_date, user_id, role, null, updated_at, updated_at, 0, 0, 0, null
    from ppi_results order by id`.execute(db);

  await db.schema
    .alterTable('sync_reviews')
    .addColumn('subject', 'varchar(16)', (c) => c.notNull().defaultTo('state_change'))
    .execute();
  await db.schema
    .alterTable('sync_reviews')
    .addColumn('ppi_id', 'integer', (c) => c.references('ppis.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('sync_reviews')
    .addColumn('activity_id', 'integer', (c) => c.references('ppi_activities.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('sync_reviews').addColumn('result', 'varchar(10)').execute();
  await db.schema
    .alterTable('sync_reviews')
    .addColumn('ppi_result_history_id', 'integer', (c) =>
      c.references('ppi_result_history.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .alterTable('sync_reviews')
    .addColumn('met_ppi_result_history_id', 'integer', (c) =>
      c.references('ppi_result_history.id').onDelete('set null'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'met_ppi_result_history_id',
    'ppi_result_history_id',
    'result',
    'activity_id',
    'ppi_id',
    'subject',
  ]) {
    await db.schema.alterTable('sync_reviews').dropColumn(column).execute();
  }
  await db.schema.dropTable('ppi_result_history').ifExists().execute();
  await db.schema.dropIndex('ppi_results_version_idx').ifExists().execute();
  await db.schema.alterTable('ppi_results').dropColumn('row_version').execute();
  await db.schema.alterTable('ppis').dropColumn('sync_version').execute();
  await db.schema.alterTable('ppi_results').dropColumn('observed_at').execute();
}
