import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Offline sync (issue "Offline I") and state changes under retries (issue "Reliability"):
 *
 *   elements.row_version        -> the plant's elements_version of the transaction that last wrote the
 *                                  element. Every writer bumps plants.elements_version first (which
 *                                  locks the plant row, so writers of one plant commit in version
 *                                  order) and stamps the rows it writes with the new value; a download
 *                                  asks for `row_version > cursor`. Existing rows start at 0: no
 *                                  device holds a cursor yet.
 *   (plant_id, row_version, id) -> an incremental answer reads only what changed, and a full one
 *                                  pages through the plant by (row_version, id) in index order.
 *   element_tombstones          -> elements that left a plant, stamped the same way, so that an
 *                                  incremental answer can list them. Nothing deletes elements today;
 *                                  a trigger records every delete whatever code does it, bumping the
 *                                  plant's version itself. A whole plant going away records nothing.
 *   state_changes.client_uuid   -> unique per organisation instead of across all of them, so that
 *                                  nobody learns that another organisation used an id.
 *   state_changes.recorded_at   -> when the technician made the change on the device (offline
 *                                  changes arrive later); created_at stays the server's time.
 *
 * SQLite cannot drop the column-level UNIQUE of client_uuid, so there state_changes is rebuilt
 * (the twelve steps of SQLite's ALTER TABLE documentation, foreign keys off meanwhile: dropping the
 * old table would otherwise cascade into state_change_elements and unlink documents).
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('elements').addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('elements_plant_row_version_idx').on('elements').columns(['plant_id', 'row_version', 'id']).execute();

  await db.schema
    .createTable('element_tombstones')
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('element_id', 'integer', (c) => c.notNull())
    .addColumn('row_version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('element_tombstones_pk', ['plant_id', 'row_version', 'element_id'])
    .execute();

  if (isPostgres) {
    await sql`create function elements_tombstone() returns trigger language plpgsql as $$
      begin
        update plants set elements_version = elements_version + 1 where id = old.plant_id;
        insert into element_tombstones (plant_id, element_id, row_version)
          select id, old.id, elements_version from plants where id = old.plant_id;
        return old;
      end $$`.execute(db);
    await sql`create trigger elements_tombstone after delete on elements for each row execute function elements_tombstone()`.execute(db);

    await sql`alter table state_changes drop constraint state_changes_client_uuid_key`.execute(db);
    await db.schema.alterTable('state_changes').addColumn('recorded_at', 'varchar(32)').execute();
  } else {
    await sql`create trigger elements_tombstone after delete on elements for each row begin
        update plants set elements_version = elements_version + 1 where id = old.plant_id;
        insert into element_tombstones (plant_id, element_id, row_version)
          select id, old.id, elements_version from plants where id = old.plant_id;
      end`.execute(db);
    await rebuildStateChanges(db, { recordedAt: true, globalUuid: false });
  }
  await db.schema.createIndex('state_changes_client_uuid_uq').on('state_changes').columns(['client_id', 'client_uuid']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('state_changes_client_uuid_uq').ifExists().execute();
  if (isPostgres) {
    await db.schema.alterTable('state_changes').dropColumn('recorded_at').execute();
    await sql`alter table state_changes add constraint state_changes_client_uuid_key unique (client_uuid)`.execute(db);
    await sql`drop trigger if exists elements_tombstone on elements`.execute(db);
    await sql`drop function if exists elements_tombstone()`.execute(db);
  } else {
    await rebuildStateChanges(db, { recordedAt: false, globalUuid: true });
    await sql`drop trigger if exists elements_tombstone`.execute(db);
  }
  await db.schema.dropTable('element_tombstones').ifExists().execute();
  await db.schema.dropIndex('elements_plant_row_version_idx').ifExists().execute();
  await db.schema.alterTable('elements').dropColumn('row_version').execute();
}

/** SQLite only: state_changes as migrations 0002 and 0006 left it, with or without recorded_at and the global unique client_uuid. */
async function rebuildStateChanges(db: Kysely<any>, { recordedAt, globalUuid }: { recordedAt: boolean; globalUuid: boolean }) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table = trx.schema
        .createTable('state_changes_new')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
        .addColumn('client_uuid', 'varchar(64)', (c) => (globalUuid ? c.unique() : c))
        .addColumn('element_type_id', 'integer', (c) => c.notNull().references('element_types.id'))
        .addColumn('state_id', 'integer', (c) => c.notNull().references('states.id'))
        .addColumn('transaction_type_id', 'integer', (c) => c.references('transaction_types.id').onDelete('set null'))
        .addColumn('contractor_id', 'integer', (c) => c.references('contractors.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('observations', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('element_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull());
      if (recordedAt) table = table.addColumn('recorded_at', 'varchar(32)');
      await table.execute();
      const columns = sql.raw(
        'id, client_id, plant_id, client_uuid, element_type_id, state_id, transaction_type_id, contractor_id, user_id, observations, element_count, created_at',
      );
      await sql`insert into state_changes_new (${columns}) select ${columns} from state_changes`.execute(trx);
      await trx.schema.dropTable('state_changes').execute();
      await sql`alter table state_changes_new rename to state_changes`.execute(trx);
      await trx.schema.createIndex('state_changes_plant_created_idx').on('state_changes').columns(['plant_id', 'created_at']).execute();
      await trx.schema.createIndex('state_changes_user_created_idx').on('state_changes').columns(['user_id', 'created_at']).execute();
      await trx.schema
        .createIndex('state_changes_plant_type_state_idx')
        .on('state_changes')
        .columns(['plant_id', 'element_type_id', 'state_id', 'created_at'])
        .execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`state_changes rebuild broke ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
