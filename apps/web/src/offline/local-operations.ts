import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import type { LocalDatabase, Row, SqlValue, Statement } from './local-database';
import { LocalDbError, LOCAL_DB_MESSAGES, reasonOf } from './messages';
import { isTableName, KEY_COLUMN, PPI_TABLES, TABLE_COLUMNS, TABLE_NAMES, type TableName } from './schema';

/*
 * The local operations of specification section 7, each once, on any LocalDatabase. Table names
 * come from the schema (never from the caller's text), and storing an item keeps only its table's
 * columns (section 5): a server answer with more fields stores what the table has.
 */
export type Item = Record<string, unknown>;

function table(name: string): TableName {
  if (!name || !isTableName(name)) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters(`a known table (got '${name}')`));
  return name;
}

/** SQLite stores booleans as 0/1 and objects (documents, element_ids) as JSON text. */
function toSqlValue(value: unknown): SqlValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Uint8Array) return value;
  return JSON.stringify(value);
}

/** The item's entries the table has, in the table's column order. */
export function allowedFields(name: TableName, item: Item): [string, SqlValue][] {
  const columns: readonly string[] = TABLE_COLUMNS[name];
  return columns.filter((c) => Object.hasOwn(item, c) && item[c] !== undefined).map((c) => [c, toSqlValue(item[c])]);
}

function requireItem(item: Item | null | undefined, what: string): Item {
  if (!item || typeof item !== 'object') throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters(what));
  return item;
}

export async function selectAll<T = Row>(db: LocalDatabase, name: string): Promise<T[]> {
  const t = table(name);
  return db.select<T>(`SELECT * FROM ${t} ORDER BY ${KEY_COLUMN[t]}`);
}

export async function getById<T = Row>(db: LocalDatabase, name: string, id: number | string): Promise<T | undefined> {
  const t = table(name);
  if (id === undefined || id === null) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters('id'));
  return (await db.select<T>(`SELECT * FROM ${t} WHERE ${KEY_COLUMN[t]} = ?`, [id]))[0];
}

export async function elementsByType<T = Row>(db: LocalDatabase, typeId: number): Promise<T[]> {
  if (typeId === undefined || typeId === null) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters('type_id'));
  return db.select<T>('SELECT * FROM element WHERE type_id = ? ORDER BY id', [typeId]);
}

/** The plant with its client's fields under `client` (null when the plant has none stored). */
export async function plantWithClient(db: LocalDatabase, plantId: number): Promise<Record<string, unknown> | undefined> {
  const rows = await db.select<Row & { client_json: string | null }>(
    `SELECT plant.*, CASE WHEN client.id IS NULL THEN NULL ELSE json_object('id', client.id, 'name', client.name, 'nif', client.nif,
       'address', client.address, 'contact_name', client.contact_name, 'contact_email', client.contact_email) END AS client_json
     FROM plant LEFT JOIN client ON client.id = plant.client WHERE plant.id = ?`,
    [plantId],
  );
  if (!rows[0]) return undefined;
  const { client_json, ...plant } = rows[0];
  return { ...plant, client: client_json ? (JSON.parse(client_json) as Row) : null };
}

function insertStatement(verb: 'INSERT OR IGNORE' | 'INSERT OR REPLACE', t: TableName, item: Item): Statement {
  const fields = allowedFields(t, item);
  if (!fields.length) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters(`fields of ${t}`));
  return {
    sql: `${verb} INTO ${t} (${fields.map(([c]) => c).join(', ')}) VALUES (${fields.map(() => '?').join(', ')})`,
    params: fields.map(([, v]) => v),
  };
}

/** Inserts the item; answers the new row id. An item whose key is already stored is not inserted: no lastId. */
export async function insertItem(db: LocalDatabase, name: string, item: Item): Promise<number> {
  const { sql, params } = insertStatement('INSERT OR IGNORE', table(name), requireItem(item, 'item'));
  const { lastId } = await db.exec(sql, params);
  if (lastId === undefined) throw new LocalDbError('add_no_last_id', LOCAL_DB_MESSAGES.addNoLastId);
  return lastId;
}

/** Inserts the item, replacing the row with the same key; answers the row id. */
export async function replaceItem(db: LocalDatabase, name: string, item: Item): Promise<number> {
  const { sql, params } = insertStatement('INSERT OR REPLACE', table(name), requireItem(item, 'item'));
  const { lastId } = await db.exec(sql, params);
  if (lastId === undefined) throw new LocalDbError('replace_no_last_id', LOCAL_DB_MESSAGES.replaceNoLastId);
  return lastId;
}

/** Updates the item's row by its key; an update that changes no row fails (specification section 5). */
export async function updateItem(db: LocalDatabase, name: string, item: Item): Promise<void> {
  const t = table(name);
  const key = KEY_COLUMN[t];
  const id = requireItem(item, 'item')[key];
  if (id === undefined || id === null) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters(key));
  const fields = allowedFields(t, item).filter(([c]) => c !== key);
  if (!fields.length) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters(`fields of ${t}`));
  let changes: number;
  try {
    ({ changes } = await db.exec(`UPDATE ${t} SET ${fields.map(([c]) => `${c} = ?`).join(', ')} WHERE ${key} = ?`, [
      ...fields.map(([, v]) => v),
      toSqlValue(id),
    ]));
  } catch (error) {
    throw new LocalDbError('update_failed', LOCAL_DB_MESSAGES.updateFailed(reasonOf(error)));
  }
  if (changes === 0) throw new LocalDbError('no_rows_updated', LOCAL_DB_MESSAGES.noRowsUpdated(id));
}

export async function deleteById(db: LocalDatabase, name: string, id: number | string): Promise<number> {
  const t = table(name);
  if (id === undefined || id === null) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters('id'));
  return (await db.exec(`DELETE FROM ${t} WHERE ${KEY_COLUMN[t]} = ?`, [id])).changes;
}

export async function deleteAll(db: LocalDatabase, name: string): Promise<number> {
  const t = table(name);
  try {
    return (await db.exec(`DELETE FROM ${t}`)).changes;
  } catch (error) {
    throw new LocalDbError('delete_all_failed', LOCAL_DB_MESSAGES.deleteAllFailed(t, reasonOf(error)));
  }
}

export async function deleteElementsToScan(db: LocalDatabase, scanId: number): Promise<number> {
  if (scanId === undefined || scanId === null) throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters('scan_id'));
  return (await db.exec('DELETE FROM element_to_scan WHERE scan_id = ?', [scanId])).changes;
}

/** Sets the state of the elements (an offline state change), in chunks of ids within one transaction. */
export async function updateElementState(db: LocalDatabase, elementIds: readonly number[], stateId: number, updatedAt = new Date().toISOString()): Promise<number> {
  if (!elementIds?.length || stateId === undefined || stateId === null) {
    throw new LocalDbError('missing_parameters', LOCAL_DB_MESSAGES.missingParameters('element ids and state_id'));
  }
  const statements: Statement[] = [];
  for (let i = 0; i < elementIds.length; i += BULK_CHUNK_SIZE) {
    const ids = elementIds.slice(i, i + BULK_CHUNK_SIZE);
    statements.push({ sql: 'UPDATE element SET state_id = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))', params: [stateId, updatedAt, JSON.stringify(ids)] });
  }
  const results = await db.transaction(statements);
  return results.reduce((sum, r) => sum + r.changes, 0);
}

/**
 * Stores many items of one table (insert or replace) in multi-row statements of BULK_CHUNK_SIZE
 * rows (specification section 9), all in one transaction. The rows travel as one JSON text per
 * chunk read by json_each: binding one value per chunk instead of one per field is what makes
 * sqlite-wasm fast (DESIGN section 1).
 */
export async function bulkReplace(db: LocalDatabase, name: string, items: readonly Item[]): Promise<number> {
  const t = table(name);
  if (!items.length) return 0;
  const columns: readonly string[] = TABLE_COLUMNS[t];
  const statements: Statement[] = [];
  for (let i = 0; i < items.length; i += BULK_CHUNK_SIZE) {
    const chunk = items.slice(i, i + BULK_CHUNK_SIZE).map((item) => columns.map((c) => (Object.hasOwn(item, c) ? toSqlValue(item[c]) : null)));
    statements.push(jsonArrayInsert(t, columns, JSON.stringify(chunk)));
  }
  const results = await db.transaction(statements);
  return results.reduce((sum, r) => sum + r.changes, 0);
}

/** `INSERT OR REPLACE … SELECT` over a JSON array of row arrays in `columns` order. */
export function jsonArrayInsert(t: TableName, columns: readonly string[], json: string, where = ''): Statement {
  const values = columns.map((_, i) => `value ->> ${i}`).join(', ');
  return { sql: `INSERT OR REPLACE INTO ${t} (${columns.join(', ')}) SELECT ${values} FROM json_each(?) ${where}`, params: [json] };
}

/** Deletes every row of every data table, children first and plants before clients (section 7); the outbox stays. */
export async function clearAllData(db: LocalDatabase): Promise<void> {
  const order: TableName[] = [
    'element_to_scan', 'scans', 'delivered_serial', 'element_state_change', 'element', 'plant_state', 'plant_contractor', 'plant_download',
    'state', 'transaction_type', 'element_type', 'contractor', 'plant', 'client', 'users',
  ];
  // The map's overview copy too (its trigger empties it row by row anyway; this says so plainly).
  const statements: Statement[] = [
    { sql: 'DELETE FROM element_overview' },
    { sql: 'DELETE FROM imagery_tile' },
    { sql: 'DELETE FROM imagery_download' },
    // The PPIs' sections of the downloads (schema 26).
    ...PPI_TABLES.map((t) => ({ sql: `DELETE FROM ${t}` })),
  ];
  for (const t of order) statements.push({ sql: `DELETE FROM ${t}` });
  try {
    await db.transaction(statements);
  } catch (error) {
    throw new LocalDbError('delete_all_failed', LOCAL_DB_MESSAGES.deleteAllFailed(order.join(', '), reasonOf(error)));
  }
}

/** Drops every table and sets the version to 0: the next open creates the schema again. */
export async function dropAllTables(db: LocalDatabase): Promise<void> {
  await db.transaction([
    ...[...TABLE_NAMES, 'element_overview', 'pending_document', 'imagery_download', 'imagery_tile', ...PPI_TABLES].map((t) => ({ sql: `DROP TABLE IF EXISTS ${t}` })),
    { sql: 'PRAGMA user_version = 0' },
  ]);
}
