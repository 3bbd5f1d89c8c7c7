import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * Foundation tables: organisations, users and roles, plants, the catalogues every plant needs
 * (element types, states, state groups, contractors, transaction types) and the elements.
 * Frozen: later changes come as new migrations. Booleans are integers 0/1 and times ISO-8601 text
 * so that the same queries run on SQLite and PostgreSQL.
 */

type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Builder) =>
    isPostgres
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const ref = (table: string, onDelete: 'cascade' | 'set null' | 'restrict' = 'cascade') => (c: ColumnDefinitionBuilder) =>
    c.references(`${table}.id`).onDelete(onDelete);
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
  const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  const real = isPostgres ? 'double precision' : 'real';

  await id(db.schema.createTable('clients'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('nif', 'varchar(50)', text)
    .addColumn('address', 'varchar(300)', text)
    .addColumn('contact_name', 'varchar(150)', text)
    .addColumn('contact_email', 'varchar(254)', text)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('roles'))
    .addColumn('code', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('users'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_client_idx').on('users').column('client_id').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await id(db.schema.createTable('refresh_tokens'))
    .addColumn('jti', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await id(db.schema.createTable('password_resets'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await id(db.schema.createTable('element_types'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('code', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ctr_dependent', 'integer', flag)
    .addColumn('trench_dependent', 'integer', flag)
    .addColumn('measurement_unit_name', 'varchar(30)', text)
    .addColumn('measurement_unit_value', real, (c) => c.notNull().defaultTo(1))
    .addColumn('original_element_type', 'varchar(10)', text)
    .addUniqueConstraint('element_types_client_code_uq', ['client_id', 'code'])
    .execute();

  await id(db.schema.createTable('states'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id').onDelete('cascade'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', text)
    .addColumn('color', 'varchar(6)', (c) => c.notNull().defaultTo('ff8000'))
    .addColumn('restringed', 'integer', flag)
    .addColumn('is_ok', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('depends_on', 'integer', ref('states', 'set null'))
    .addColumn('sort_order', 'integer', flag)
    .addUniqueConstraint('states_type_code_uq', ['element_type_id', 'code'])
    .execute();
  await db.schema.createIndex('states_client_idx').on('states').column('client_id').execute();

  await id(db.schema.createTable('state_groups'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', text)
    .execute();

  await db.schema
    .createTable('state_group_states')
    .addColumn('state_group_id', 'integer', (c) => c.notNull().references('state_groups.id').onDelete('cascade'))
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('state_group_states_pk', ['state_group_id', 'state_id'])
    .execute();

  await id(db.schema.createTable('contractors'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', text)
    .addColumn('contact_name', 'varchar(150)', text)
    .addColumn('contact_email', 'varchar(254)', text)
    .execute();

  await id(db.schema.createTable('contractor_groups'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contractor_group_members')
    .addColumn('contractor_group_id', 'integer', (c) =>
      c.notNull().references('contractor_groups.id').onDelete('cascade'),
    )
    .addColumn('contractor_id', 'integer', (c) => c.notNull().references('contractors.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contractor_group_members_pk', ['contractor_group_id', 'contractor_id'])
    .execute();

  await id(db.schema.createTable('transaction_types'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('element_type_id', 'integer', ref('element_types', 'set null'))
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', text)
    .execute();

  await id(db.schema.createTable('plants'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('structure_type', 'varchar(50)', text)
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('power', real, (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'varchar(300)', text)
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('logo_url', 'varchar(500)', text)
    .addColumn('image_url', 'varchar(500)', text)
    .addColumn('mapbox_url', 'varchar(500)', text)
    .addColumn('token_url', 'varchar(500)', text)
    .addColumn('start_date', 'varchar(10)')
    .addColumn('state_group_id', 'integer', ref('state_groups', 'set null'))
    .addColumn('contractor_group_id', 'integer', ref('contractor_groups', 'set null'))
    .addColumn('is_serial_scan_enable', 'integer', flag)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('plants_client_code_uq', ['client_id', 'code'])
    .execute();

  await db.schema
    .createTable('user_plants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_plants_pk', ['user_id', 'plant_id'])
    .execute();
  await db.schema.createIndex('user_plants_plant_idx').on('user_plants').column('plant_id').execute();

  // Elements: the bounding box columns let polygon queries and tiles test only candidates.
  await id(db.schema.createTable('elements'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('element_types.id'))
    .addColumn('code', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', text)
    .addColumn('geom', 'text', text)
    .addColumn('min_x', real)
    .addColumn('min_y', real)
    .addColumn('max_x', real)
    .addColumn('max_y', real)
    .addColumn('ctr_id', 'integer')
    .addColumn('state_id', 'integer', ref('states', 'set null'))
    .addColumn('last_state_change_contractor_id', 'integer', ref('contractors', 'set null'))
    .addColumn('serial', 'varchar(100)', text)
    .addColumn('is_serial_invalid_length', 'integer', flag)
    .addColumn('is_serial_duplicated', 'integer', flag)
    .addColumn('is_serial_unregistered', 'integer', flag)
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('elements_plant_type_code_idx').on('elements').columns(['plant_id', 'type_id', 'code']).execute();
  await db.schema.createIndex('elements_plant_state_idx').on('elements').columns(['plant_id', 'state_id']).execute();
  await db.schema.createIndex('elements_plant_ctr_idx').on('elements').columns(['plant_id', 'ctr_id']).execute();
  await db.schema.createIndex('elements_plant_bbox_idx').on('elements').columns(['plant_id', 'min_x', 'min_y']).execute();

}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'elements',
    'user_plants',
    'plants',
    'transaction_types',
    'contractor_group_members',
    'contractor_groups',
    'contractors',
    'state_group_states',
    'state_groups',
    'states',
    'element_types',
    'password_resets',
    'refresh_tokens',
    'user_roles',
    'users',
    'roles',
    'clients',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
