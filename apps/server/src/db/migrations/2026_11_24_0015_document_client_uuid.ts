import type { Kysely } from 'kysely';

/*
 * Offline documents (issue 16): an upload may carry the device's client uuid, unique per
 * organisation, so that a resent upload (the network cut after the server stored it) answers the
 * first document instead of storing a second one. Null for uploads made online (nulls never clash).
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('client_uuid', 'varchar(64)').execute();
  await db.schema
    .createIndex('documents_client_uuid_uq')
    .on('documents')
    .columns(['client_id', 'client_uuid'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('documents_client_uuid_uq').ifExists().execute();
  await db.schema.alterTable('documents').dropColumn('client_uuid').execute();
}
