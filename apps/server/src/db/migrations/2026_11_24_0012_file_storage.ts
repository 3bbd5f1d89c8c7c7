import { type Kysely, PostgresAdapter } from 'kysely';

/*
 * Files kept in the database itself (STORAGE=database, issue 21), so that every API instance sees
 * every upload with no other engine:
 *   stored_files        -> one row per stored object: its key (the Storage key), content type, size
 *                          and number of chunks; written last, so a file without it is not there yet
 *   stored_file_chunks  -> the bytes in chunks of 1 MiB at most, numbered from 0: a file is written
 *                          and read one chunk at a time, never whole in memory
 * Frozen: later changes come as new migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunks', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stored_file_chunks')
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_file_chunks_pk', ['key', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_file_chunks').execute();
  await db.schema.dropTable('stored_files').execute();
}
