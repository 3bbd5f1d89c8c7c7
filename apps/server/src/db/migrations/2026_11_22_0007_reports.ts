import { type Kysely, PostgresAdapter } from 'kysely';

/*
 * Reports and historic reports (issue 6): one table, told apart by `kind` ('report' made on demand,
 * 'historic' the daily snapshot a scheduled job keeps per plant). A row is a background job first
 * (status, progress) and a snapshot afterwards: the JSON the PDF and the xlsx were rendered from,
 * and the storage keys of both files.
 *   reports (plant_id, kind, created_at)          -> the paged lists, newest first
 *   reports (status)                              -> jobs left pending/running, resumed on start
 *   unique reports (plant_id, scheduled_day)      -> at most one scheduled snapshot per plant and
 *                                                    UTC day, even with several API instances
 *                                                    (null for everything else: nulls are distinct)
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema.createTable('reports');
  table = isPostgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('element_type_id', 'integer', (c) => c.references('element_types.id').onDelete('cascade'))
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // YYYY-MM-DD (UTC) of created_at: the list's date filters and the one-historic-per-day rule.
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // The day of a snapshot made by the scheduled job; null for those made on demand.
    .addColumn('scheduled_day', 'varchar(10)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    // An API catalogue key (translated when read, in the reader's language).
    .addColumn('error_key', 'varchar(100)')
    .addColumn('element_count', 'integer')
    .addColumn('snapshot', 'text')
    .addColumn('pdf_key', 'varchar(100)')
    .addColumn('xlsx_key', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('reports_plant_kind_created_idx')
    .on('reports')
    .columns(['plant_id', 'kind', 'created_at'])
    .execute();
  await db.schema.createIndex('reports_status_idx').on('reports').column('status').execute();
  await db.schema
    .createIndex('reports_plant_scheduled_day_idx')
    .on('reports')
    .columns(['plant_id', 'scheduled_day'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').ifExists().execute();
}
