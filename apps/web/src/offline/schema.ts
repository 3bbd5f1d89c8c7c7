import { LOCAL_SCHEMA_VERSION } from '@heliotrack/domain/constants';
import { TILE_DETAIL_ONLY_TYPES } from '@heliotrack/domain/tile-content';
import type { LocalDatabase, Statement } from './local-database';

/*
 * The local schema: version 15 exactly as specification section 3 (every table, column and
 * default), then our own upgrades (DESIGN section 6). The database is always opened at the latest
 * version: `upgrade` applies, in order and each in its own transaction, every step above the
 * version stored in PRAGMA user_version. Never edit a step that has shipped: add the next one.
 */
export interface SchemaUpgrade {
  toVersion: number;
  statements: string[];
}

const VERSION_15: string[] = [
  `CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY NOT NULL, name TEXT, active INTEGER DEFAULT 1)`,
  `CREATE TABLE IF NOT EXISTS element (
     id INTEGER PRIMARY KEY NOT NULL, code TEXT, description TEXT, geom TEXT,
     last_state_change_contractor_id INTEGER, state_id INTEGER, type_id INTEGER, updated_at TEXT,
     serial TEXT DEFAULT '', is_serial_invalid_length INTEGER DEFAULT 0,
     is_serial_duplicated INTEGER DEFAULT 0, is_serial_unregistered INTEGER DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS client (
     id INTEGER PRIMARY KEY NOT NULL, name TEXT, nif TEXT, address TEXT, contact_name TEXT, contact_email TEXT)`,
  `CREATE TABLE IF NOT EXISTS plant (
     id INTEGER PRIMARY KEY NOT NULL, client INTEGER REFERENCES client(id), structure_type TEXT, code TEXT,
     name TEXT, power REAL, location TEXT, latitude REAL, longitude REAL, logo_url TEXT, image_url TEXT,
     mapbox_url TEXT, token_url TEXT, start_date TEXT, state_group INTEGER, contractor_group INTEGER,
     is_serial_scan_enable INTEGER)`,
  `CREATE TABLE IF NOT EXISTS state (
     id INTEGER PRIMARY KEY NOT NULL, element_type INTEGER, code TEXT, name TEXT, description TEXT,
     color TEXT, restringed INTEGER, is_ok INTEGER, depends_on INTEGER)`,
  `CREATE TABLE IF NOT EXISTS element_type (
     code TEXT PRIMARY KEY NOT NULL, ctr_dependent INTEGER, id INTEGER, measurement_unit_name TEXT,
     measurement_unit_value REAL, name TEXT, original_element_type TEXT, trench_dependent INTEGER)`,
  `CREATE TABLE IF NOT EXISTS contractor (
     id INTEGER PRIMARY KEY NOT NULL, name TEXT, address TEXT, contact_email TEXT, contact_name TEXT, client INTEGER)`,
  `CREATE TABLE IF NOT EXISTS transaction_type (
     id INTEGER PRIMARY KEY NOT NULL, element_type INTEGER, code TEXT, description TEXT)`,
  `CREATE TABLE IF NOT EXISTS element_state_change (
     id INTEGER PRIMARY KEY AUTOINCREMENT, contractor INTEGER, plant_id INTEGER, state INTEGER,
     transaction_type INTEGER, element_type INTEGER, documents TEXT, element_ids TEXT, observations TEXT)`,
  `CREATE TABLE IF NOT EXISTS element_to_scan (
     id INTEGER PRIMARY KEY NOT NULL, code TEXT, description TEXT, geom TEXT,
     last_state_change_contractor_id INTEGER, state_id INTEGER, type_id INTEGER, updated_at TEXT,
     serial TEXT, list_index INTEGER, scan_id INTEGER, is_serial_invalid_length INTEGER,
     is_serial_unregistered INTEGER, is_serial_duplicated INTEGER)`,
  `CREATE TABLE IF NOT EXISTS scans (
     id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, status INTEGER DEFAULT 1, polyline TEXT,
     max_code_length INTEGER DEFAULT 14)`,
];

/**
 * The secondary indexes of `element` (version 16): the bbox for polygons and tiles, the list's
 * default order (code, then id) within a plant and type (also elements by type_id), and the state
 * filter in code order (the list a site team uses most, and its count). A full download drops them
 * and builds them again at its end: sorting once is much cheaper than 500,000 random B-tree inserts.
 */
export const ELEMENT_INDEXES = [
  `CREATE INDEX IF NOT EXISTS element_plant_bbox_idx ON element (plant_id, min_x, min_y)`,
  `CREATE INDEX IF NOT EXISTS element_plant_type_code_idx ON element (plant_id, type_id, code)`,
  `CREATE INDEX IF NOT EXISTS element_plant_type_state_idx ON element (plant_id, type_id, state_id, code)`,
];
export const DROP_ELEMENT_INDEXES = ['element_plant_bbox_idx', 'element_plant_type_code_idx', 'element_plant_type_state_idx'].map(
  (name) => `DROP INDEX IF EXISTS ${name}`,
);

/*
 * The overview of the map (version 20): the elements drawn below the detail zoom (every type but
 * TILE_DETAIL_ONLY_TYPES, a few percent of a plant) copied into their own small table. Read from
 * `element` they are scattered over the whole file: tens of thousands of random page reads, seconds,
 * for the first overview tile; here an overview tile reads its own rows through the copy's bbox
 * index (version 23), a few pages. Triggers keep the copy in step with every write to `element`;
 * an element whose type is not known yet is copied too, and the reader keeps only the overview
 * types (local-queries `tileRows`), so the copy may hold more, never less. A full download drops the triggers with the indexes and copies the plant at its end.
 */
const OVERVIEW_COLUMNS = 'id, plant_id, type_id, code, state_id, geom, min_x, min_y, max_x, max_y';
const newValues = OVERVIEW_COLUMNS.split(', ').map((c) => `NEW.${c}`).join(', ');
const DETAIL_ONLY_IDS = `SELECT id FROM element_type WHERE id IS NOT NULL AND code IN (${TILE_DETAIL_ONLY_TYPES.map((c) => `'${c}'`).join(', ')})`;

export const OVERVIEW_TRIGGERS = [
  `CREATE TRIGGER IF NOT EXISTS element_overview_insert AFTER INSERT ON element WHEN NEW.type_id NOT IN (${DETAIL_ONLY_IDS})
   BEGIN INSERT OR REPLACE INTO element_overview (${OVERVIEW_COLUMNS}) VALUES (${newValues}); END`,
  `CREATE TRIGGER IF NOT EXISTS element_overview_update AFTER UPDATE ON element
   WHEN OLD.type_id NOT IN (${DETAIL_ONLY_IDS}) OR NEW.type_id NOT IN (${DETAIL_ONLY_IDS})
   BEGIN
     DELETE FROM element_overview WHERE id = OLD.id;
     INSERT OR REPLACE INTO element_overview (${OVERVIEW_COLUMNS}) SELECT ${newValues} WHERE NEW.type_id NOT IN (${DETAIL_ONLY_IDS});
   END`,
  `CREATE TRIGGER IF NOT EXISTS element_overview_delete AFTER DELETE ON element BEGIN DELETE FROM element_overview WHERE id = OLD.id; END`,
];
export const DROP_OVERVIEW_TRIGGERS = ['element_overview_insert', 'element_overview_update', 'element_overview_delete'].map(
  (name) => `DROP TRIGGER IF EXISTS ${name}`,
);

/** The plant's overview copied again from `element` (the end of a full download). */
export function refillOverview(plantId: number): Statement[] {
  return [
    { sql: 'DELETE FROM element_overview WHERE plant_id = ?', params: [plantId] },
    {
      sql: `INSERT OR REPLACE INTO element_overview (${OVERVIEW_COLUMNS}) SELECT ${OVERVIEW_COLUMNS} FROM element
            WHERE plant_id = ? AND type_id NOT IN (${DETAIL_ONLY_IDS})`,
      params: [plantId],
    },
  ];
}

export const SCHEMA_UPGRADES: readonly SchemaUpgrade[] = [
  { toVersion: LOCAL_SCHEMA_VERSION, statements: VERSION_15 },
  {
    // 16: elements know their plant and CTR (the list's `ct` filter) and carry a bounding box, so
    // polygon selection and tiles read candidates through an index instead of parsing every WKT.
    toVersion: 16,
    statements: [
      `ALTER TABLE element ADD COLUMN plant_id INTEGER`,
      `ALTER TABLE element ADD COLUMN ctr_id INTEGER`,
      `ALTER TABLE element ADD COLUMN min_x REAL`,
      `ALTER TABLE element ADD COLUMN min_y REAL`,
      `ALTER TABLE element ADD COLUMN max_x REAL`,
      `ALTER TABLE element ADD COLUMN max_y REAL`,
      ...ELEMENT_INDEXES,
    ],
  },
  {
    // 17: states can be switched off, and a plant uses some states and contractors of its organisation.
    toVersion: 17,
    statements: [
      `ALTER TABLE state ADD COLUMN is_active INTEGER DEFAULT 1`,
      `CREATE TABLE IF NOT EXISTS plant_state (plant_id INTEGER NOT NULL, state_id INTEGER NOT NULL, PRIMARY KEY (plant_id, state_id))`,
      `CREATE TABLE IF NOT EXISTS plant_contractor (plant_id INTEGER NOT NULL, contractor_id INTEGER NOT NULL, PRIMARY KEY (plant_id, contractor_id))`,
    ],
  },
  {
    // 18: what the device must still send. Here and not in local storage: a logout clears storage.
    toVersion: 18,
    statements: [
      `CREATE TABLE IF NOT EXISTS outbox (
         client_uuid TEXT PRIMARY KEY NOT NULL, user_id INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL,
         status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0, refusal_code TEXT,
         refusal_reason TEXT, created_at TEXT NOT NULL, recorded_at TEXT)`,
      `CREATE INDEX IF NOT EXISTS outbox_status_idx ON outbox (status, created_at)`,
    ],
  },
  {
    // 19: where each plant's download stands (the cursor of Offline I) and what its header said.
    toVersion: 19,
    statements: [
      // max_width / max_height: the plant's largest element bbox, which closes a tile's bbox range.
      `CREATE TABLE IF NOT EXISTS plant_download (
         plant_id INTEGER PRIMARY KEY NOT NULL, cursor TEXT, elements_version INTEGER,
         recordable_state_ids TEXT NOT NULL DEFAULT '[]', downloaded_at TEXT, max_width REAL, max_height REAL)`,
    ],
  },
  {
    // 20: the map's overview elements in their own table, kept by triggers (OVERVIEW_TRIGGERS above).
    toVersion: 20,
    statements: [
      `CREATE TABLE IF NOT EXISTS element_overview (
         id INTEGER PRIMARY KEY NOT NULL, plant_id INTEGER, type_id INTEGER, code TEXT, state_id INTEGER, geom TEXT,
         min_x REAL, min_y REAL, max_x REAL, max_y REAL)`,
      `INSERT OR REPLACE INTO element_overview (${OVERVIEW_COLUMNS}) SELECT ${OVERVIEW_COLUMNS} FROM element WHERE type_id NOT IN (${DETAIL_ONLY_IDS})`,
      ...OVERVIEW_TRIGGERS,
    ],
  },
  {
    // 21 (issue 19): scan plans belong to a plant; an element may sit in several plans (the key is
    // the plan and the element, not the element alone); the plant's delivered serials, to flag
    // "unregistered" offline (an empty list = the plant keeps none, nothing is unregistered).
    toVersion: 21,
    statements: [
      `ALTER TABLE scans ADD COLUMN plant_id INTEGER`,
      `CREATE TABLE element_to_scan_v21 (
         id INTEGER NOT NULL, code TEXT, description TEXT, geom TEXT,
         last_state_change_contractor_id INTEGER, state_id INTEGER, type_id INTEGER, updated_at TEXT,
         serial TEXT, list_index INTEGER, scan_id INTEGER NOT NULL DEFAULT 0, is_serial_invalid_length INTEGER,
         is_serial_unregistered INTEGER, is_serial_duplicated INTEGER, PRIMARY KEY (scan_id, id))`,
      `INSERT OR IGNORE INTO element_to_scan_v21 SELECT id, code, description, geom, last_state_change_contractor_id, state_id,
         type_id, updated_at, serial, list_index, COALESCE(scan_id, 0), is_serial_invalid_length, is_serial_unregistered,
         is_serial_duplicated FROM element_to_scan`,
      `DROP TABLE element_to_scan`,
      `ALTER TABLE element_to_scan_v21 RENAME TO element_to_scan`,
      `CREATE INDEX IF NOT EXISTS element_to_scan_element_idx ON element_to_scan (id)`,
      `CREATE INDEX IF NOT EXISTS scans_plant_idx ON scans (plant_id)`,
      `CREATE TABLE IF NOT EXISTS delivered_serial (plant_id INTEGER NOT NULL, serial TEXT NOT NULL, PRIMARY KEY (plant_id, serial))`,
    ],
  },
  {
    // 22 (issue 16): documents chosen for an offline change, kept until their change is confirmed
    // (pending-documents.ts). The provisional id (negative) stands for the server's id in the
    // change's body; the client uuid makes their upload at sync idempotent; outbox_uuid is the change.
    toVersion: 22,
    statements: [
      `CREATE TABLE IF NOT EXISTS pending_document (
         client_uuid TEXT PRIMARY KEY NOT NULL, provisional_id INTEGER NOT NULL UNIQUE, user_id INTEGER NOT NULL,
         plant_id INTEGER NOT NULL, name TEXT NOT NULL, content_type TEXT NOT NULL, size INTEGER NOT NULL,
         data TEXT NOT NULL, outbox_uuid TEXT, created_at TEXT NOT NULL)`,
      `CREATE INDEX IF NOT EXISTS pending_document_outbox_idx ON pending_document (outbox_uuid)`,
    ],
  },
  {
    // 23 (issue 15): overview tiles read their own elements through a bbox index, as detail tiles
    // do, instead of the whole plant's overview being read into memory by the first tile.
    toVersion: 23,
    statements: [`CREATE INDEX IF NOT EXISTS element_overview_bbox_idx ON element_overview (plant_id, min_x, min_y)`],
  },
  {
    // 24 (issue 38): an entry the server could not take yet (no answer, a 5xx) waits with the last
    // error, shown in the list beside its attempts, while the push goes on with the others.
    toVersion: 24,
    statements: [`ALTER TABLE outbox ADD COLUMN last_error TEXT`],
  },
  {
    // 25 (issue 37): a plant's orthophoto kept on the device (local-imagery.ts): the layer and zooms
    // chosen, and its tiles as base64 text (as pending documents: every local database takes text).
    toVersion: 25,
    statements: [
      `CREATE TABLE IF NOT EXISTS imagery_download (
         plant_id INTEGER PRIMARY KEY NOT NULL, layer_id INTEGER NOT NULL, name TEXT NOT NULL, captured_on TEXT,
         version TEXT, tile_type TEXT, min_zoom INTEGER NOT NULL, max_zoom INTEGER NOT NULL, bounds TEXT NOT NULL,
         tiles INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0, complete INTEGER NOT NULL DEFAULT 0,
         downloaded_at TEXT)`,
      `CREATE TABLE IF NOT EXISTS imagery_tile (
         plant_id INTEGER NOT NULL, z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL, data TEXT NOT NULL,
         PRIMARY KEY (plant_id, z, x, y)) WITHOUT ROWID`,
    ],
  },
  {
    // 26 (issue 36): the PPIs of a plant the user is linked to, as the sync stream's PPI sections
    // bring them (local-ppis.ts): each PPI with its activities and the user's permissions as JSON
    // (always read whole), its linked elements, its current results (one per activity and element;
    // pending_uuid: the outbox entry of an offline write not yet confirmed, which a download leaves
    // alone), and the organisation's calibration equipment with its expiry dates.
    toVersion: 26,
    statements: [
      `CREATE TABLE IF NOT EXISTS ppi (
         id INTEGER PRIMARY KEY NOT NULL, plant_id INTEGER NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL,
         status TEXT NOT NULL, closed_at TEXT, element_type_id INTEGER NOT NULL, links_version INTEGER NOT NULL DEFAULT 0,
         activities TEXT NOT NULL DEFAULT '[]', permissions TEXT NOT NULL DEFAULT '{}')`,
      `CREATE INDEX IF NOT EXISTS ppi_plant_idx ON ppi (plant_id)`,
      `CREATE TABLE IF NOT EXISTS ppi_element (
         ppi_id INTEGER NOT NULL, element_id INTEGER NOT NULL, PRIMARY KEY (ppi_id, element_id)) WITHOUT ROWID`,
      `CREATE TABLE IF NOT EXISTS ppi_result (
         id INTEGER PRIMARY KEY NOT NULL, ppi_id INTEGER NOT NULL, activity_id INTEGER NOT NULL, element_id INTEGER NOT NULL,
         result TEXT NOT NULL, observations TEXT NOT NULL DEFAULT '', equipment_id INTEGER, result_date TEXT NOT NULL,
         user_id INTEGER, author_name TEXT, role TEXT NOT NULL DEFAULT '', observed_at TEXT NOT NULL, created_at TEXT NOT NULL,
         updated_at TEXT NOT NULL, pending_uuid TEXT, UNIQUE (activity_id, element_id))`,
      `CREATE INDEX IF NOT EXISTS ppi_result_ppi_idx ON ppi_result (ppi_id, updated_at)`,
      `CREATE TABLE IF NOT EXISTS calibration_equipment (
         id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, certificate_number TEXT NOT NULL DEFAULT '',
         calibration_date TEXT NOT NULL, expiry_date TEXT NOT NULL)`,
    ],
  },
];

/** The tables of the PPI sections (version 26), outside TABLE_COLUMNS: only the loader and local-ppis.ts write them. */
export const PPI_TABLES = ['ppi_result', 'ppi_element', 'ppi', 'calibration_equipment'] as const;

export const LATEST_SCHEMA_VERSION = SCHEMA_UPGRADES[SCHEMA_UPGRADES.length - 1].toVersion;

/** Every table of the latest schema with its columns: storing an item keeps only these (specification section 5). */
export const TABLE_COLUMNS = {
  users: ['id', 'name', 'active'],
  element: [
    'id', 'code', 'description', 'geom', 'last_state_change_contractor_id', 'state_id', 'type_id', 'updated_at', 'serial',
    'is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered', 'plant_id', 'ctr_id', 'min_x', 'min_y', 'max_x', 'max_y',
  ],
  client: ['id', 'name', 'nif', 'address', 'contact_name', 'contact_email'],
  plant: [
    'id', 'client', 'structure_type', 'code', 'name', 'power', 'location', 'latitude', 'longitude', 'logo_url', 'image_url', 'mapbox_url',
    'token_url', 'start_date', 'state_group', 'contractor_group', 'is_serial_scan_enable',
  ],
  state: ['id', 'element_type', 'code', 'name', 'description', 'color', 'restringed', 'is_ok', 'depends_on', 'is_active'],
  element_type: ['code', 'ctr_dependent', 'id', 'measurement_unit_name', 'measurement_unit_value', 'name', 'original_element_type', 'trench_dependent'],
  contractor: ['id', 'name', 'address', 'contact_email', 'contact_name', 'client'],
  transaction_type: ['id', 'element_type', 'code', 'description'],
  element_state_change: ['id', 'contractor', 'plant_id', 'state', 'transaction_type', 'element_type', 'documents', 'element_ids', 'observations'],
  element_to_scan: [
    'id', 'code', 'description', 'geom', 'last_state_change_contractor_id', 'state_id', 'type_id', 'updated_at', 'serial', 'list_index',
    'scan_id', 'is_serial_invalid_length', 'is_serial_unregistered', 'is_serial_duplicated',
  ],
  scans: ['id', 'name', 'status', 'polyline', 'max_code_length', 'plant_id'],
  delivered_serial: ['plant_id', 'serial'],
  plant_state: ['plant_id', 'state_id'],
  plant_contractor: ['plant_id', 'contractor_id'],
  outbox: [
    'client_uuid', 'user_id', 'kind', 'payload', 'status', 'attempts', 'refusal_code', 'refusal_reason', 'created_at', 'recorded_at',
    'last_error',
  ],
  plant_download: ['plant_id', 'cursor', 'elements_version', 'recordable_state_ids', 'downloaded_at', 'max_width', 'max_height'],
} as const satisfies Record<string, readonly string[]>;

export type TableName = keyof typeof TABLE_COLUMNS;
export const TABLE_NAMES = Object.keys(TABLE_COLUMNS) as TableName[];

/** The key column of each table (element_type is keyed by code in version 15; links and outbox have their own). */
export const KEY_COLUMN: Record<TableName, string> = {
  ...(Object.fromEntries(TABLE_NAMES.map((t) => [t, 'id'])) as Record<TableName, string>),
  element_type: 'code',
  outbox: 'client_uuid',
  plant_download: 'plant_id',
  delivered_serial: 'plant_id',
  plant_state: 'plant_id',
  plant_contractor: 'plant_id',
};

export function isTableName(name: string): name is TableName {
  return Object.hasOwn(TABLE_COLUMNS, name);
}

/**
 * Brings the database to `target` (the latest by default): every step above the stored version, in
 * order, each with its version bump in one transaction, so an interrupted upgrade resumes where it stopped.
 */
export async function upgrade(db: LocalDatabase, target = LATEST_SCHEMA_VERSION): Promise<number> {
  let current = await db.version();
  for (const step of SCHEMA_UPGRADES) {
    if (step.toVersion <= current || step.toVersion > target) continue;
    const statements: Statement[] = step.statements.map((sql) => ({ sql }));
    statements.push({ sql: `PRAGMA user_version = ${step.toVersion}` });
    await db.transaction(statements);
    current = step.toVersion;
  }
  return current;
}
