import { type Kysely, PostgresAdapter } from 'kysely';

/*
 * Serial scanning (issue 19):
 *
 *   elements (plant_id, serial)  -> "another element of the plant holds this serial" (the duplicated
 *                                   flag) reads a few index entries instead of the plant.
 *   delivered_serials            -> the plant's list of delivered serials (the modules' delivery
 *                                   notes), one row per serial, unique per plant: an import adds the
 *                                   new ones and leaves the rest. Decides the unregistered flag.
 *   serial_scan_writes           -> the client uuid of every serial-scan write with its answer, unique
 *                                   per organisation: a resend answers the first answer, writes nothing.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createIndex('elements_plant_serial_idx')
    .on('elements')
    .columns(['plant_id', 'serial'])
    .execute();

  let delivered = db.schema.createTable('delivered_serials');
  delivered = isPostgres
    ? delivered.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : delivered.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await delivered
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('serial', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('delivered_serials_plant_serial_uq', ['plant_id', 'serial'])
    .execute();

  await db.schema
    .createTable('serial_scan_writes')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('client_uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('serial_scan_writes_pk', ['client_id', 'client_uuid'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('serial_scan_writes').ifExists().execute();
  await db.schema.dropTable('delivered_serials').ifExists().execute();
  await db.schema.dropIndex('elements_plant_serial_idx').ifExists().execute();
}
