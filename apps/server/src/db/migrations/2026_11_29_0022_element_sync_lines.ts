import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Element lines written once per write, not once per download (issue 32), PostgreSQL only:
 *
 *   elements.sync_line      -> the element's line of the sync stream, the JSON array of
 *                              SYNC_ELEMENT_COLUMNS as json_build_array writes it. Writing it took
 *                              most of the database's time of a download (about 4.5 µs an element,
 *                              json_build_array's 17 values); a download now reads it as it is.
 *   elements_sync_line       -> BEFORE INSERT or UPDATE of those columns: the line is written from
 *                              the row as stored, in the same statement, so it is never stale,
 *                              whichever writer (state changes, serial scans, layout imports,
 *                              edits, raw SQL) changed the row.
 *
 * SQLite is left alone: its lines are written by JavaScript (sync.repository.ts), and its download
 * is not held back by them.
 *
 * Frozen: the column list is SYNC_ELEMENT_COLUMNS of today (test/element-sync-lines.test.ts compares them).
 * A change of the stream's columns comes with a new migration that replaces elements_sync_line()
 * and rewrites the lines.
 */
/** The columns the line is made of, in its order (what the test compares with SYNC_ELEMENT_COLUMNS). */
export const SYNC_LINE_COLUMNS = [
  'id',
  'type_id',
  'state_id',
  'code',
  'description',
  'serial',
  'is_serial_invalid_length',
  'is_serial_duplicated',
  'is_serial_unregistered',
  'last_state_change_contractor_id',
  'ctr_id',
  'updated_at',
  'min_x',
  'min_y',
  'max_x',
  'max_y',
  'geom',
] as const;

/** The line, from the row being written (`new`) in the trigger. */
const LINE = sql`json_build_array(${sql.join(SYNC_LINE_COLUMNS.map((column) => sql.raw(`new.${column}`)))})::text`;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table elements add column sync_line text`.execute(db);
  await sql`create function elements_sync_line() returns trigger language plpgsql as $$
    begin
      new.sync_line := ${LINE};
      return new;
    end $$`.execute(db);
  await sql`create trigger elements_sync_line before insert or update of ${sql.join(SYNC_LINE_COLUMNS.map((c) => sql.ref(c)))}, sync_line
    on elements for each row execute function elements_sync_line()`.execute(db);
  // The trigger writes the line of every element there is.
  await sql`update elements set sync_line = null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger elements_sync_line on elements`.execute(db);
  await sql`drop function elements_sync_line()`.execute(db);
  await sql`alter table elements drop column sync_line`.execute(db);
}
