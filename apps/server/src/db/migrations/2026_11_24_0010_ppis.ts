import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * Quality-inspection plans (PPIs, issue "PPIs I"):
 *   ppi_templates            -> an organisation's templates, optionally of one plant (plant_id), for
 *                               one element type
 *   ppi_template_activities  -> their activities in order (position): name, acceptance criteria,
 *                               required or not, the role codes that check it (JSON array of text)
 *   ppis                     -> the plans of a plant: code (unique per plant), name, the template it
 *                               came from (kept null once the template is deleted) and its element
 *                               type, status open/closed with who closed it and when, the logo file,
 *                               links_version (bumped by every link and unlink: its map tiles' version)
 *   ppi_activities           -> the template's activities copied into the plan when it is created:
 *                               a later change of the template does not rewrite a running plan
 *   ppi_users                -> the users linked to a plan and the role each holds in it
 *   ppi_elements             -> the elements linked to a plan; (element_id) serves the cascade
 *                               when an element goes, (ppi_id, element_id) the "is linked" lookups
 * Results come with a later issue and a later migration. Frozen: later changes come as new migrations.
 */

type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Builder) =>
    isPostgres
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

  await id(db.schema.createTable('ppi_templates'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.references('plants.id').onDelete('cascade'))
    .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ppi_templates_client_idx').on('ppi_templates').columns(['client_id', 'plant_id']).execute();

  // The same columns for a template's activities and a plan's copy of them.
  const activityColumns = (t: Builder) =>
    t
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(300)', (c) => c.notNull())
      .addColumn('criteria', 'varchar(2000)', text)
      .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('roles', 'varchar(200)', (c) => c.notNull().defaultTo('[]'));

  await activityColumns(
    id(db.schema.createTable('ppi_template_activities')).addColumn('template_id', 'integer', (c) => c.notNull().references('ppi_templates.id').onDelete('cascade')),
  ).execute();
  await db.schema
    .createIndex('ppi_template_activities_template_idx')
    .on('ppi_template_activities')
    .columns(['template_id', 'position'])
    .execute();

  await id(db.schema.createTable('ppis'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.references('ppi_templates.id').onDelete('set null'))
    .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id').onDelete('cascade'))
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('logo_key', 'varchar(100)')
    .addColumn('logo_name', 'varchar(255)')
    .addColumn('logo_content_type', 'varchar(50)')
    .addColumn('links_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('ppis_plant_code_uq', ['plant_id', 'code'])
    .execute();
  await db.schema.createIndex('ppis_client_idx').on('ppis').column('client_id').execute();
  await db.schema.createIndex('ppis_template_idx').on('ppis').column('template_id').execute();

  await activityColumns(id(db.schema.createTable('ppi_activities')).addColumn('ppi_id', 'integer', (c) => c.notNull().references('ppis.id').onDelete('cascade'))).execute();
  await db.schema.createIndex('ppi_activities_ppi_idx').on('ppi_activities').columns(['ppi_id', 'position']).execute();

  await db.schema
    .createTable('ppi_users')
    .addColumn('ppi_id', 'integer', (c) => c.notNull().references('ppis.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ppi_users_pk', ['ppi_id', 'user_id'])
    .execute();
  await db.schema.createIndex('ppi_users_user_idx').on('ppi_users').column('user_id').execute();

  await db.schema
    .createTable('ppi_elements')
    .addColumn('ppi_id', 'integer', (c) => c.notNull().references('ppis.id').onDelete('cascade'))
    .addColumn('element_id', 'integer', (c) => c.notNull().references('elements.id').onDelete('cascade'))
    .addColumn('linked_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('ppi_elements_pk', ['ppi_id', 'element_id'])
    .execute();
  await db.schema.createIndex('ppi_elements_element_idx').on('ppi_elements').column('element_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ppi_elements').ifExists().execute();
  await db.schema.dropTable('ppi_users').ifExists().execute();
  await db.schema.dropTable('ppi_activities').ifExists().execute();
  await db.schema.dropTable('ppis').ifExists().execute();
  await db.schema.dropTable('ppi_template_activities').ifExists().execute();
  await db.schema.dropTable('ppi_templates').ifExists().execute();
}
