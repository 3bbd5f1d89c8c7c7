import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * The follow-up loop: append-only state-change history (one row per change, one link row per
 * element), uploaded documents, and a per-plant version that tiles use as their ETag.
 * Frozen: later changes come as new migrations.
 */

type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Builder) =>
    isPostgres
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

  await db.schema.alterTable('plants').addColumn('elements_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await id(db.schema.createTable('state_changes'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    // Offline changes carry an id made on the device; a repeated one is ignored (DESIGN section 6).
    .addColumn('client_uuid', 'varchar(64)', (c) => c.unique())
    .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id'))
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
    .addColumn('transaction_type_id', 'integer', (c) => c.references('transaction_types.id').onDelete('set null'))
    .addColumn('contractor_id', 'integer', (c) => c.references('contractors.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('observations', 'varchar(2000)', text)
    .addColumn('element_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('state_changes_plant_created_idx').on('state_changes').columns(['plant_id', 'created_at']).execute();
  await db.schema.createIndex('state_changes_user_created_idx').on('state_changes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('state_change_elements')
    .addColumn('state_change_id', 'integer', (c) => c.notNull().references('state_changes.id').onDelete('cascade'))
    .addColumn('element_id', 'integer', (c) => c.notNull().references('elements.id').onDelete('cascade'))
    .addColumn('previous_state_id', 'integer')
    .addPrimaryKeyConstraint('state_change_elements_pk', ['element_id', 'state_change_id'])
    .execute();
  await db.schema.createIndex('state_change_elements_change_idx').on('state_change_elements').column('state_change_id').execute();

  await id(db.schema.createTable('documents'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('state_change_id', 'integer', (c) => c.references('state_changes.id').onDelete('set null'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_state_change_idx').on('documents').column('state_change_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('documents').ifExists().execute();
  await db.schema.dropTable('state_change_elements').ifExists().execute();
  await db.schema.dropTable('state_changes').ifExists().execute();
  await db.schema.alterTable('plants').dropColumn('elements_version').execute();
}
