import { type Kysely, PostgresAdapter } from 'kysely';

/*
 * Inspection results of PPIs (issue "PPIs II"):
 *   ppi_results        -> the result of one activity of a plan on one linked element: ok, not_ok or
 *                         na, observations, the calibration equipment measured with, the date it
 *                         was checked (result_date, YYYY-MM-DD), who recorded it last and when.
 *                         One row per (activity, element): a new result replaces the previous one.
 *                         Rows exist only once a result is recorded (no empty rows when linking).
 *   ppi_result_writes  -> the client uuid of every result write (single, bulk, massive) with its
 *                         answer, unique per organisation: a resent write answers the first answer
 *                         and writes nothing again.
 *   documents.ppi_result_id -> photos and documents of a result, through the documents module.
 *   ppi_exports        -> the exported inspection dossier of a plan (PDF and xlsx), made in the
 *                         background like the reports: status, progress, language, the files.
 * Frozen: later changes come as new migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  let results = db.schema.createTable('ppi_results');
  results = isPostgres
    ? results.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : results.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await results
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('ppi_id', 'integer', (c) => c.notNull().references('ppis.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('ppi_activities.id').onDelete('cascade'))
    .addColumn('element_id', 'integer', (c) => c.notNull().references('elements.id').onDelete('cascade'))
    .addColumn('result', 'varchar(10)', (c) => c.notNull())
    .addColumn('observations', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('equipment_id', 'integer', (c) => c.references('calibration_equipment.id').onDelete('set null'))
    .addColumn('result_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The role the author held in the plan when recording (AD for an administrator not linked).
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('ppi_results_activity_element_uq', ['ppi_id', 'activity_id', 'element_id'])
    .execute();
  await db.schema.createIndex('ppi_results_element_idx').on('ppi_results').column('element_id').execute();
  await db.schema.createIndex('ppi_results_updated_idx').on('ppi_results').columns(['client_id', 'updated_at']).execute();

  await db.schema
    .createTable('ppi_result_writes')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('client_uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('ppi_id', 'integer', (c) => c.notNull().references('ppis.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ppi_result_writes_pk', ['client_id', 'client_uuid'])
    .execute();

  let exports = db.schema.createTable('ppi_exports');
  exports = isPostgres
    ? exports.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : exports.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await exports
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('ppi_id', 'integer', (c) => c.notNull().references('ppis.id').onDelete('cascade'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    // An API catalogue key (translated when read, in the reader's language).
    .addColumn('error_key', 'varchar(100)')
    .addColumn('result_count', 'integer')
    .addColumn('pdf_key', 'varchar(100)')
    .addColumn('xlsx_key', 'varchar(100)')
    .execute();
  await db.schema.createIndex('ppi_exports_ppi_idx').on('ppi_exports').columns(['ppi_id', 'created_at']).execute();

  await db.schema
    .alterTable('documents')
    .addColumn('ppi_result_id', 'integer', (c) => c.references('ppi_results.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('documents_ppi_result_idx').on('documents').column('ppi_result_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('documents_ppi_result_idx').ifExists().execute();
  await db.schema.alterTable('documents').dropColumn('ppi_result_id').execute();
  await db.schema.dropTable('ppi_exports').ifExists().execute();
  await db.schema.dropTable('ppi_result_writes').ifExists().execute();
  await db.schema.dropTable('ppi_results').ifExists().execute();
}
