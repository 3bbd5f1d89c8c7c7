import type { Kysely } from 'kysely';

/*
 * The charts each user added to the dashboard with "Add chart" (issue 6), kept on the server so
 * that they survive a logout (which clears the browser's storage). One row per chart:
 *   primary key (user_id, chart_id)   -> the user's charts (few: at most 12), read whole and
 *                                       replaced whole; chart_id is the client's own identifier
 *   position                          -> the order the user sees them in
 *   element_type_id                   -> deleting the type deletes its charts
 *   states                            -> JSON array of state ids (at most 100, in the chosen
 *                                       order); a state deleted later is left out when read
 * Deleting the user deletes their charts.
 * Frozen: later changes come as new migrations.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_charts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chart_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('element_type_id', 'integer', (c) =>
      c.notNull().references('element_types.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('states', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_charts_pk', ['user_id', 'chart_id'])
    .execute();
  // Deleting an element type looks up its charts through this index instead of scanning the table.
  await db.schema
    .createIndex('dashboard_charts_element_type_idx')
    .on('dashboard_charts')
    .column('element_type_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dashboard_charts').ifExists().execute();
}
