import type { Kysely } from 'kysely';

/*
 * The app version an organisation makes available to its native apps (issue 20): one row per
 * organisation, keyed by it, so that publishing is an upsert and two administrators saving at the
 * same time leave one row.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_versions')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('version', 'varchar(40)', (c) => c.notNull())
    .addColumn('release_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('android_store_url', 'varchar(500)')
    .addColumn('ios_store_url', 'varchar(500)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_versions').ifExists().execute();
}
