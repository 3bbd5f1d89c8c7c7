import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * RUCs: named bundles of a plant's states ("who may record what", DESIGN section 4), and the users
 * authorised on them per plant. A user may record a state change into the states of their active
 * RUCs on that plant; `is_active` keeps an authorisation that an administrator has switched off.
 * Frozen: later changes come as new migrations.
 */

type Builder = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Builder) =>
    isPostgres
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('rucs'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('rucs_plant_idx').on('rucs').column('plant_id').execute();

  await db.schema
    .createTable('ruc_states')
    .addColumn('ruc_id', 'integer', (c) => c.notNull().references('rucs.id').onDelete('cascade'))
    .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('ruc_states_pk', ['ruc_id', 'state_id'])
    .execute();

  await db.schema
    .createTable('user_rucs')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('ruc_id', 'integer', (c) => c.notNull().references('rucs.id').onDelete('cascade'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('user_rucs_pk', ['user_id', 'ruc_id'])
    .execute();
  // Every state change of a non-administrator asks for their RUCs on one plant.
  await db.schema
    .createIndex('user_rucs_user_plant_idx')
    .on('user_rucs')
    .columns(['user_id', 'plant_id'])
    .execute();
  await db.schema.createIndex('user_rucs_ruc_idx').on('user_rucs').column('ruc_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_rucs').ifExists().execute();
  await db.schema.dropTable('ruc_states').ifExists().execute();
  await db.schema.dropTable('rucs').ifExists().execute();
}
