import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Flash reports (quality incidents on one element, with an edit history), the organisation's
 * calibration equipment, and documents attached to either. Documents stay one table, so upload,
 * download and deletion keep working unchanged: a document now belongs to a plant (state changes,
 * flash reports) or, for equipment certificates, to the organisation only, hence plant_id becomes
 * nullable. SQLite cannot drop a NOT NULL constraint, so there the table is rebuilt.
 * Frozen: later changes come as new migrations.
 */

type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Builder) =>
    isPostgres
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('flash_reports'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('element_id', 'integer', (c) => c.notNull().references('elements.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    .addColumn('severity', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flash_reports_element_created_idx').on('flash_reports').columns(['element_id', 'created_at']).execute();
  await db.schema.createIndex('flash_reports_plant_created_idx').on('flash_reports').columns(['plant_id', 'created_at']).execute();

  await id(db.schema.createTable('flash_report_edits'))
    .addColumn('flash_report_id', 'integer', (c) => c.notNull().references('flash_reports.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // JSON object: field → { from, to }.
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flash_report_edits_report_idx').on('flash_report_edits').column('flash_report_id').execute();

  await id(db.schema.createTable('calibration_equipment'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('brand', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('serial_number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('certificate_number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('calibration_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('expiry_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calibration_equipment_client_idx').on('calibration_equipment').column('client_id').execute();

  if (isPostgres) {
    await sql`alter table documents alter column plant_id drop not null`.execute(db);
    await db.schema
      .alterTable('documents')
      .addColumn('flash_report_id', 'integer', (c) => c.references('flash_reports.id').onDelete('cascade'))
      .execute();
    await db.schema
      .alterTable('documents')
      .addColumn('equipment_id', 'integer', (c) => c.references('calibration_equipment.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('documents').addColumn('is_photo', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`alter table documents add constraint documents_owner_check check (plant_id is not null or equipment_id is not null)`.execute(db);
  } else {
    await db.schema
      .createTable('documents_new')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('plant_id', 'integer', (c) => c.references('plants.id').onDelete('cascade'))
      .addColumn('state_change_id', 'integer', (c) => c.references('state_changes.id').onDelete('set null'))
      .addColumn('flash_report_id', 'integer', (c) => c.references('flash_reports.id').onDelete('cascade'))
      .addColumn('equipment_id', 'integer', (c) => c.references('calibration_equipment.id').onDelete('cascade'))
      .addColumn('is_photo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
      .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addCheckConstraint('documents_owner_check', sql`plant_id is not null or equipment_id is not null`)
      .execute();
    await sql`insert into documents_new (id, client_id, plant_id, state_change_id, name, size, content_type, storage_key, uploaded_by, created_at)
      select id, client_id, plant_id, state_change_id, name, size, content_type, storage_key, uploaded_by, created_at from documents`.execute(db);
    await db.schema.dropTable('documents').execute();
    await sql`alter table documents_new rename to documents`.execute(db);
    await db.schema.createIndex('documents_state_change_idx').on('documents').column('state_change_id').execute();
  }
  await db.schema.createIndex('documents_flash_report_idx').on('documents').column('flash_report_id').execute();
  await db.schema.createIndex('documents_equipment_idx').on('documents').column('equipment_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.deleteFrom('documents').where('plant_id', 'is', null).execute();
  await db.schema.dropIndex('documents_flash_report_idx').ifExists().execute();
  await db.schema.dropIndex('documents_equipment_idx').ifExists().execute();
  if (isPostgres) {
    await sql`alter table documents drop constraint documents_owner_check`.execute(db);
    await db.schema.alterTable('documents').dropColumn('is_photo').execute();
    await db.schema.alterTable('documents').dropColumn('equipment_id').execute();
    await db.schema.alterTable('documents').dropColumn('flash_report_id').execute();
    await sql`alter table documents alter column plant_id set not null`.execute(db);
  } else {
    await db.schema
      .createTable('documents_old')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
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
    await sql`insert into documents_old (id, client_id, plant_id, state_change_id, name, size, content_type, storage_key, uploaded_by, created_at)
      select id, client_id, plant_id, state_change_id, name, size, content_type, storage_key, uploaded_by, created_at from documents`.execute(db);
    await db.schema.dropTable('documents').execute();
    await sql`alter table documents_old rename to documents`.execute(db);
    await db.schema.createIndex('documents_state_change_idx').on('documents').column('state_change_id').execute();
  }
  await db.schema.dropTable('calibration_equipment').ifExists().execute();
  await db.schema.dropTable('flash_report_edits').ifExists().execute();
  await db.schema.dropTable('flash_reports').ifExists().execute();
}
