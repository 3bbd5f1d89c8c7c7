import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import type { SqliteWasmDatabase } from './sqlite-wasm-database';

/*
 * For the offline bench only (bench/offline-figures.ts, through the worker): the same rows inserted
 * two ways into one scratch table shaped and indexed like `element`, on the same OPFS file.
 *
 * - bound rows: one prepared INSERT, every value bound through the JS API, one step per row — the
 *   plain sqlite-wasm way, the baseline DESIGN section 1 measured at about 27k rows/s;
 * - JSON chunks: BULK_CHUNK_SIZE rows as one JSON text per `INSERT … SELECT … FROM json_each(?)`,
 *   the way plant-loader.ts inserts (here the JSON is built from the rows first, which the loader
 *   does not need to do: it joins the stream's lines).
 */
const COLUMNS = [
  'id', 'code', 'description', 'geom', 'last_state_change_contractor_id', 'state_id', 'type_id', 'updated_at', 'serial',
  'is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered', 'plant_id', 'ctr_id', 'min_x', 'min_y', 'max_x', 'max_y',
];

export interface InsertBaselines {
  rows: number;
  boundRowsMs: number;
  jsonChunksMs: number;
}

export function insertBaselines(database: SqliteWasmDatabase, limit: number): InsertBaselines {
  const db = database.rawHandle();
  const rows = db.exec({ sql: `SELECT ${COLUMNS.join(', ')} FROM element LIMIT ?`, bind: [limit], rowMode: 'array', returnValue: 'resultRows' }) as unknown[][];
  const reset = () =>
    db.exec(`DROP TABLE IF EXISTS bench_element;
      CREATE TABLE bench_element AS SELECT * FROM element WHERE 0;
      CREATE UNIQUE INDEX bench_element_id ON bench_element (id);
      CREATE INDEX bench_element_bbox ON bench_element (plant_id, min_x, min_y);
      CREATE INDEX bench_element_code ON bench_element (plant_id, type_id, code);`);
  try {
    reset();
    let started = performance.now();
    db.transaction(() => {
      const statement = db.prepare(`INSERT INTO bench_element (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
      try {
        for (const row of rows) statement.bind(row as never).stepReset();
      } finally {
        statement.finalize();
      }
    });
    const boundRowsMs = performance.now() - started;

    reset();
    started = performance.now();
    db.transaction(() => {
      const values = COLUMNS.map((_, i) => `value ->> ${i}`).join(', ');
      for (let i = 0; i < rows.length; i += BULK_CHUNK_SIZE) {
        db.exec({
          sql: `INSERT INTO bench_element (${COLUMNS.join(', ')}) SELECT ${values} FROM json_each(?)`,
          bind: [JSON.stringify(rows.slice(i, i + BULK_CHUNK_SIZE))],
        });
      }
    });
    const jsonChunksMs = performance.now() - started;
    return { rows: rows.length, boundRowsMs, jsonChunksMs };
  } finally {
    db.exec('DROP TABLE IF EXISTS bench_element');
  }
}
