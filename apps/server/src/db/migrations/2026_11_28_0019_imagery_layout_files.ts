import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

/*
 * The site as it is (issue 37):
 *   layout_layer_mappings -> per organisation, the element type (or none: left out) and the code
 *                            source last chosen for a layer of a DXF or a folder of a KML, offered
 *                            again the next time a file with that layer is imported
 *   imagery_layers        -> a plant's orthophotos: one PMTiles or MBTiles raster archive each, dated,
 *                            at most one the default. A layer is `uploading` (received bytes kept for a
 *                            resumed upload) until the whole archive is checked and in storage (`ready`)
 * Frozen: later changes come as new migrations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const real = isPostgres ? 'double precision' : 'real';
  const id = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('layout_layer_mappings')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('layer', 'varchar(200)', (c) => c.notNull())
    .addColumn('element_type_id', 'integer', (c) => c.references('element_types.id').onDelete('cascade'))
    .addColumn('code_source', 'varchar(220)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('layout_layer_mappings_pk', ['client_id', 'format', 'layer'])
    .execute();

  await db.schema
    .createTable('imagery_layers')
    .addColumn('id', 'integer', id)
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    // A resent "create" (the answer lost) finds the first layer instead of making a second one.
    .addColumn('client_uuid', 'varchar(64)')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('captured_on', 'varchar(10)')
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'varchar(100)')
    .addColumn('tile_type', 'varchar(10)')
    .addColumn('min_zoom', 'integer')
    .addColumn('max_zoom', 'integer')
    .addColumn('west', real)
    .addColumn('south', real)
    .addColumn('east', real)
    .addColumn('north', real)
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imagery_layers_plant_idx').on('imagery_layers').column('plant_id').execute();
  await db.schema
    .createIndex('imagery_layers_client_uuid_uq')
    .on('imagery_layers')
    .columns(['plant_id', 'client_uuid'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imagery_layers').ifExists().execute();
  await db.schema.dropTable('layout_layer_mappings').ifExists().execute();
}
