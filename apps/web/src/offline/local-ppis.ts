import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import type { Paged } from '@heliotrack/domain/pagination';
import { activityCountsOf, ppiResultOf, type PpiResultRow } from '@heliotrack/domain/ppi-result-dto';
import type {
  ActivityCounts,
  ElementResults,
  ListElementsQuery,
  PpiResult,
  PpiResultValue,
  PpiResultsQuery,
} from '@heliotrack/domain/ppi-results';
import type { LinkedPpi, Ppi, PpiDetail, PpiListQuery, UserPpiPermissions } from '@heliotrack/domain/ppis';
import { encodeResultTile } from '@heliotrack/domain/ppi-result-tiles';
import { SYNC_PPI_RESULT_COLUMNS, type SyncPpi } from '@heliotrack/domain/sync';
import type { LocalDatabase, SqlValue, Statement } from './local-database';
import { cachedTile, ELEMENT_COLUMNS, elementWhere, orderBy, pageLink, toElement, typeTileElements } from './local-queries';

/*
 * The PPIs of a downloaded plant on the device (issue 36, schema 26): the plant loader turns the
 * sync stream's PPI sections into statements here (ppiLineStatements), and the offline handlers read
 * them back in the server's shapes. A result written offline carries the client uuid of its outbox
 * entry (pending_uuid): while that entry waits, no download overwrites or deletes the result.
 */

/** Results written offline whose outbox entry still waits: left alone by a download. */
const PENDING_RESULT = `pending_uuid IN (SELECT client_uuid FROM outbox WHERE status IN ('pending', 'sending'))`;

const RESULT_COLUMNS: readonly string[] = SYNC_PPI_RESULT_COLUMNS;

/**
 * The statements that store one PPI line of the sync stream (packages/domain/src/sync.ts), or null
 * when the line is none of the PPI sections (an older or newer server's line: skipped).
 */
export function ppiLineStatements(plantId: number, line: Record<string, unknown>): Statement[] | null {
  if (Array.isArray(line.ppis)) return ppisStatements(plantId, line.ppis as SyncPpi[]);
  if (Array.isArray(line.calibration_equipment)) {
    return [
      // The organisation's whole list, on every answer.
      { sql: 'DELETE FROM calibration_equipment' },
      {
        sql: `INSERT OR REPLACE INTO calibration_equipment (id, name, certificate_number, calibration_date, expiry_date)
              SELECT value ->> 'id', value ->> 'name', COALESCE(value ->> 'certificate_number', ''), value ->> 'calibration_date',
                     value ->> 'expiry_date' FROM json_each(?)`,
        params: [JSON.stringify(line.calibration_equipment)],
      },
    ];
  }
  if (line.ppi_elements && typeof line.ppi_elements === 'object') {
    const { ppi, element_ids } = line.ppi_elements as { ppi: number; element_ids: number[] };
    const statements: Statement[] = [
      { sql: 'DELETE FROM ppi_element WHERE ppi_id = ?', params: [ppi] },
      // The PPI's results follow whole in this answer: those the server no longer has go.
      { sql: `DELETE FROM ppi_result WHERE ppi_id = ? AND NOT (pending_uuid IS NOT NULL AND ${PENDING_RESULT})`, params: [ppi] },
    ];
    for (let i = 0; i < element_ids.length; i += BULK_CHUNK_SIZE) {
      statements.push({
        sql: 'INSERT OR IGNORE INTO ppi_element (ppi_id, element_id) SELECT ?, value FROM json_each(?)',
        params: [ppi, JSON.stringify(element_ids.slice(i, i + BULK_CHUNK_SIZE))],
      });
    }
    return statements;
  }
  if (line.ppi_results && typeof line.ppi_results === 'object') {
    const { ppi, columns, rows } = line.ppi_results as { ppi: number; columns: string[]; rows: unknown[][] };
    const picks = columns.map((c, i) => [c, i] as const).filter(([c]) => RESULT_COLUMNS.includes(c));
    const at = (name: string) => picks.find(([c]) => c === name)?.[1];
    const activity = at('activity_id');
    const element = at('element_id');
    if (at('id') === undefined || activity === undefined || element === undefined || !rows.length) return [];
    const names = [...picks.map(([c]) => c), 'ppi_id', 'pending_uuid'].join(', ');
    const values = [...picks.map(([, i]) => `value ->> ${i}`), '?', 'NULL'].join(', ');
    const statements: Statement[] = [];
    for (let i = 0; i < rows.length; i += BULK_CHUNK_SIZE) {
      statements.push({
        // Upsert by id, or by (activity, element) through the unique key (REPLACE drops the older row).
        sql: `INSERT OR REPLACE INTO ppi_result (${names}) SELECT ${values} FROM json_each(?)
              WHERE NOT EXISTS (SELECT 1 FROM ppi_result AS r WHERE r.activity_id = value ->> ${activity}
                                AND r.element_id = value ->> ${element} AND r.${PENDING_RESULT})`,
        params: [ppi, JSON.stringify(rows.slice(i, i + BULK_CHUNK_SIZE))],
      });
    }
    return statements;
  }
  return null;
}

function ppisStatements(plantId: number, ppis: SyncPpi[]): Statement[] {
  const ids = JSON.stringify(ppis.map((p) => p.id));
  const dropped = 'SELECT id FROM ppi WHERE plant_id = ? AND id NOT IN (SELECT value FROM json_each(?))';
  return [
    // A PPI no longer listed leaves the device with its links and results.
    { sql: `DELETE FROM ppi_result WHERE ppi_id IN (${dropped})`, params: [plantId, ids] },
    { sql: `DELETE FROM ppi_element WHERE ppi_id IN (${dropped})`, params: [plantId, ids] },
    { sql: `DELETE FROM ppi WHERE id IN (${dropped})`, params: [plantId, ids] },
    {
      sql: `INSERT OR REPLACE INTO ppi (id, plant_id, code, name, status, closed_at, element_type_id, links_version, activities, permissions)
            SELECT value ->> 'id', ?, value ->> 'code', value ->> 'name', value ->> 'status', value ->> 'closed_at',
                   value ->> 'element_type_id', value ->> 'links_version', value -> 'activities', value -> 'permissions'
            FROM json_each(?)`,
      params: [plantId, JSON.stringify(ppis)],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Reads, in the server's shapes
// ---------------------------------------------------------------------------------------------

export type LocalActivity = SyncPpi['activities'][number];

export interface LocalPpi {
  id: number;
  plant_id: number;
  code: string;
  name: string;
  status: 'open' | 'closed';
  closed_at: string | null;
  element_type_id: number;
  links_version: number;
  activities: LocalActivity[];
  permissions: UserPpiPermissions;
}

/** One PPI held on the device, or undefined. */
export async function findPpi(db: LocalDatabase, ppiId: number): Promise<LocalPpi | undefined> {
  const [row] = await db.select('SELECT * FROM ppi WHERE id = ?', [ppiId]);
  if (!row) return undefined;
  return {
    ...(row as unknown as LocalPpi),
    activities: JSON.parse(String(row.activities)) as LocalActivity[],
    permissions: JSON.parse(String(row.permissions)) as UserPpiPermissions,
  };
}

/**
 * The server's PPI list filters (plant, status) over `ppi AS p`, after `conditions`; null for a
 * template filter: the device keeps no templates, so it cannot answer one.
 */
function ppiListFilter(filters: PpiListQuery, conditions: string[] = []) {
  if (filters.template !== undefined) return null;
  const where = [...conditions];
  const params: SqlValue[] = [];
  if (filters.plant !== undefined) {
    where.push('p.plant_id = ?');
    params.push(filters.plant);
  }
  if (filters.status !== undefined) {
    where.push('p.status = ?');
    params.push(filters.status);
  }
  return { where: where.length ? where.join(' AND ') : '1 = 1', params };
}

/** `GET user-linked-ppis`: the PPIs held here in which the user holds a role, in the server's order. */
export async function listLinkedPpis(db: LocalDatabase, filters: PpiListQuery = {}): Promise<LinkedPpi[] | null> {
  const filter = ppiListFilter(filters, ["p.permissions ->> 'role' IS NOT NULL"]);
  if (!filter) return null;
  const rows = await db.select<{
    id: number; code: string; name: string; status: 'open' | 'closed'; plant_id: number; plant_code: string | null;
    plant_name: string | null; type_id: number; type_code: string | null; type_name: string | null; role: string;
  }>(
    `SELECT p.id, p.code, p.name, p.status, p.plant_id, pl.code AS plant_code, pl.name AS plant_name,
            p.element_type_id AS type_id, t.code AS type_code, t.name AS type_name, p.permissions ->> 'role' AS role
       FROM ppi AS p LEFT JOIN plant AS pl ON pl.id = p.plant_id LEFT JOIN element_type AS t ON t.id = p.element_type_id
      WHERE ${filter.where}
      ORDER BY pl.name, p.code, p.id`,
    filter.params,
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    status: r.status,
    plant: { id: r.plant_id, code: r.plant_code ?? '', name: r.plant_name ?? '' },
    element_type: { id: r.type_id, code: r.type_code ?? '', name: r.type_name ?? '' },
    role: r.role,
  }));
}

/** `GET calibration-equipment/` as far as the download knows it (no documents, kind, brand or model). */
export async function listEquipment(db: LocalDatabase, today = new Date().toISOString().slice(0, 10)) {
  const rows = await db.select<{ id: number; name: string; certificate_number: string; calibration_date: string; expiry_date: string }>(
    'SELECT id, name, certificate_number, calibration_date, expiry_date FROM calibration_equipment ORDER BY name, id',
  );
  const day = 86_400_000;
  return rows.map((r) => {
    const days = Math.round((Date.parse(r.expiry_date) - Date.parse(today)) / day);
    return {
      ...r,
      kind: '',
      brand: '',
      model: '',
      serial_number: '',
      is_expired: days < 0,
      days_to_expiry: days,
      documents: [],
      created_at: '',
      updated_at: '',
    };
  });
}

type ResultRow = PpiResultRow & { result: PpiResultValue };

const RESULT_SELECT = `SELECT r.*, e.code AS element_code, t.code AS element_type, q.name AS equipment_name,
         q.certificate_number AS equipment_certificate, q.calibration_date AS equipment_calibration_date,
         q.expiry_date AS equipment_expiry_date
    FROM ppi_result AS r LEFT JOIN element AS e ON e.id = r.element_id LEFT JOIN element_type AS t ON t.id = e.type_id
    LEFT JOIN calibration_equipment AS q ON q.id = r.equipment_id`;

function toResult(ppi: LocalPpi, row: ResultRow, documents: PpiResult['documents'] = []): PpiResult {
  return ppiResultOf(
    row,
    ppi.activities.find((a) => a.id === row.activity_id),
    // A download brings no photos or documents (they stay on the server): only those still waiting here.
    documents,
    ppi.status === 'open' && ppi.permissions.recordable_activities.includes(row.activity_id),
  );
}

/** The server's photo kinds: an image attached to a result becomes one of its photos. */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The documents kept on the device (pending-documents.ts) for offline writes of these results that
 * still wait: a write with documents is of one element, either `update-result` of the result's id or
 * a write of its activity on its element. With `withData`, each one's url is its bytes as a data
 * URL (the result's own dialog shows the photo); a list answers their names only.
 */
async function pendingResultDocuments(db: LocalDatabase, resultIds: number[], withData: boolean) {
  const byResult = new Map<number, PpiResult['documents']>();
  if (!resultIds.length) return byResult;
  // From the few documents kept (CROSS JOIN keeps that order in SQLite), then the results by id (the
  // unary + keeps SQLite from indexing ppi_result on the payload's element): no large payload is read.
  const rows = await db.select<{ result_id: number; provisional_id: number; name: string; size: number; content_type: string; data: string | null }>(
    `SELECT r.id AS result_id, d.provisional_id, d.name, d.size, d.content_type, ${withData ? 'd.data' : 'NULL AS data'}
       FROM pending_document AS d
      CROSS JOIN outbox AS o ON o.client_uuid = d.outbox_uuid AND o.kind = 'ppi_result' AND o.status IN ('pending', 'sending')
      CROSS JOIN ppi_result AS r ON r.id IN (SELECT value FROM json_each(?))
        AND json_array_length(o.payload, '$.element_ids') = 1 AND o.payload ->> '$.element_ids[0]' = +r.element_id
        AND (o.payload ->> '$.body.activity' = +r.activity_id
             OR o.payload ->> '$.path' = 'ppis/' || r.ppi_id || '/ppi-results/' || r.id || '/update-result/')
      ORDER BY d.provisional_id DESC`,
    [JSON.stringify(resultIds)],
  );
  for (const row of rows) {
    const documents = byResult.get(row.result_id) ?? [];
    documents.push({
      id: row.provisional_id,
      name: row.name,
      size: row.size,
      content_type: row.content_type,
      url: row.data === null ? '' : `data:${row.content_type};base64,${row.data}`,
      is_photo: PHOTO_TYPES.includes(row.content_type),
    });
    byResult.set(row.result_id, documents);
  }
  return byResult;
}

/** `GET ppis/{id}/ppi-results` (paged, newest first, the server's filters), or null when the PPI is not held here. */
export async function listPpiResults(
  db: LocalDatabase,
  ppiId: number,
  query: PpiResultsQuery,
  requestPath: string,
): Promise<Paged<PpiResult> | null> {
  const ppi = await findPpi(db, ppiId);
  if (!ppi) return null;
  const where = ['r.ppi_id = ?'];
  const params: SqlValue[] = [ppiId];
  const add = (sql: string, value: SqlValue | undefined) => {
    if (value === undefined) return;
    where.push(sql);
    params.push(value);
  };
  add('r.id IN (SELECT value FROM json_each(?))', query.ids && JSON.stringify(query.ids));
  add('r.activity_id = ?', query.activity);
  add('r.element_id = ?', query.element);
  add('r.role = ?', query.role?.toUpperCase());
  add('r.result = ?', query.result);
  add('r.user_id = ?', query.author);
  add('r.result_date >= ?', query.date_from);
  add('r.result_date <= ?', query.date_to);
  const condition = where.join(' AND ');
  const [{ n }] = await db.select<{ n: number }>(`SELECT count(*) AS n FROM ppi_result AS r WHERE ${condition}`, params);
  const { page, page_size } = query;
  const rows = await db.select<ResultRow>(
    `${RESULT_SELECT} WHERE ${condition} ORDER BY r.updated_at DESC, r.id DESC LIMIT ? OFFSET ?`,
    [...params, page_size, (page - 1) * page_size],
  );
  const documents = await pendingResultDocuments(db, rows.map((r) => r.id), false);
  return {
    count: n,
    next: page * page_size < n ? pageLink(requestPath, page + 1, page_size) : null,
    previous: page > 1 ? pageLink(requestPath, page - 1, page_size) : null,
    results: rows.map((row) => toResult(ppi, row, documents.get(row.id))),
  };
}

/**
 * `GET ppis/{id}/list-elements` (paged): the register's table, the PPI's linked elements with the
 * element list's filters and order, each with its results by activity; null when the PPI is not held here.
 */
export async function listPpiElements(
  db: LocalDatabase,
  ppiId: number,
  query: ListElementsQuery,
  requestPath: string,
): Promise<Paged<ElementResults> | null> {
  const ppi = await findPpi(db, ppiId);
  if (!ppi) return null;
  const { page, page_size, ordering, ...filters } = query;
  const where = elementWhere(ppi.plant_id, ppi.element_type_id, filters);
  const sql = `${where.sql} AND e.id IN (SELECT element_id FROM ppi_element WHERE ppi_id = ?)`;
  const params = [...where.params, ppiId];
  const [{ n }] = await db.select<{ n: number }>(`SELECT count(*) AS n FROM element AS e WHERE ${sql}`, params);
  const rows = await db.select(
    `SELECT ${ELEMENT_COLUMNS} FROM element AS e WHERE ${sql} ORDER BY ${orderBy(ordering, ppi.element_type_id)} LIMIT ? OFFSET ?`,
    [...params, page_size, (page - 1) * page_size],
  );
  const elements = rows.map((row) => toElement(row as unknown as Parameters<typeof toElement>[0]));
  const results = await db.select<{ id: number; activity_id: number; element_id: number; result: PpiResultValue }>(
    'SELECT id, activity_id, element_id, result FROM ppi_result WHERE ppi_id = ? AND element_id IN (SELECT value FROM json_each(?))',
    [ppiId, JSON.stringify(elements.map((e) => e.id))],
  );
  return {
    count: n,
    next: page * page_size < n ? pageLink(requestPath, page + 1, page_size) : null,
    previous: page > 1 ? pageLink(requestPath, page - 1, page_size) : null,
    results: elements.map((element) => ({
      ...element,
      results: Object.fromEntries(
        results.filter((r) => r.element_id === element.id).map((r) => [String(r.activity_id), { id: r.id, result: r.result }]),
      ),
    })),
  };
}

/** `GET ppis/{id}/ppi-results/{rid}/`, or undefined. */
export async function getPpiResult(db: LocalDatabase, ppiId: number, resultId: number): Promise<PpiResult | undefined> {
  const ppi = await findPpi(db, ppiId);
  if (!ppi) return undefined;
  const [row] = await db.select<ResultRow>(`${RESULT_SELECT} WHERE r.ppi_id = ? AND r.id = ?`, [ppiId, resultId]);
  if (!row) return undefined;
  return toResult(ppi, row, (await pendingResultDocuments(db, [row.id], true)).get(row.id));
}

/** What the offline `update-result` checks against: the result, its PPI, and the equipment named. */
export async function resultWriteFacts(db: LocalDatabase, ppiId: number, resultId: number, equipmentId: number | null) {
  const facts = await writeFacts(db, ppiId, equipmentId === null ? [] : [equipmentId]);
  const [result] = facts.ppi
    ? await db.select<{ id: number; activity_id: number; element_id: number }>(
        'SELECT id, activity_id, element_id FROM ppi_result WHERE ppi_id = ? AND id = ?',
        [ppiId, resultId],
      )
    : [];
  const linked = result ? await linkedAmong(db, ppiId, [result.element_id]) : [];
  return { ...facts, result, linked: linked.length > 0 };
}

/** What an offline result write checks against: its PPI, the equipment it names and the download's version. */
export async function writeFacts(db: LocalDatabase, ppiId: number, equipmentIds: number[]) {
  const ppi = await findPpi(db, ppiId);
  const equipment = await db.select<{ id: number; name: string; expiry_date: string }>(
    'SELECT id, name, expiry_date FROM calibration_equipment WHERE id IN (SELECT value FROM json_each(?))',
    [JSON.stringify(equipmentIds)],
  );
  const [download] = ppi
    ? await db.select<{ elements_version: number | null }>('SELECT elements_version FROM plant_download WHERE plant_id = ?', [ppi.plant_id])
    : [];
  return { ppi, equipment, elementsVersion: download ? Number(download.elements_version ?? 0) : null };
}

/** Of these element ids, those linked to the PPI. */
export async function linkedAmong(db: LocalDatabase, ppiId: number, elementIds: number[]): Promise<number[]> {
  const linked: number[] = [];
  for (let i = 0; i < elementIds.length; i += BULK_CHUNK_SIZE) {
    const rows = await db.select<{ element_id: number }>(
      'SELECT element_id FROM ppi_element WHERE ppi_id = ? AND element_id IN (SELECT value FROM json_each(?))',
      [ppiId, JSON.stringify(elementIds.slice(i, i + BULK_CHUNK_SIZE))],
    );
    linked.push(...rows.map((r) => r.element_id));
  }
  return linked;
}

/**
 * After the push of an offline write that made results here (read-back.ts): when the server refused
 * it, the results it made leave the device (the server has none for them); answers the ids of the
 * server's results it changed, to read back.
 */
export async function settleResultWrite(db: LocalDatabase, clientUuid: string): Promise<number[]> {
  const [entry] = await db.select<{ status: string }>('SELECT status FROM outbox WHERE client_uuid = ?', [clientUuid]);
  if (entry?.status === 'refused') await db.exec('DELETE FROM ppi_result WHERE pending_uuid = ? AND id < 0', [clientUuid]);
  const rows = await db.select<{ id: number }>('SELECT id FROM ppi_result WHERE pending_uuid = ? AND id > 0 ORDER BY id', [clientUuid]);
  return rows.map((r) => r.id);
}

/** A held PPI's row with the names and counts of its server shape. */
type HeldPpiRow = {
  id: number; plant_id: number; code: string; name: string; status: 'open' | 'closed'; closed_at: string | null;
  element_type_id: number; links_version: number; activities: string;
  plant_code: string | null; plant_name: string | null; type_code: string | null; type_name: string | null; n: number;
};

const HELD_PPI_SELECT = `SELECT p.id, p.plant_id, p.code, p.name, p.status, p.closed_at, p.element_type_id, p.links_version, p.activities,
         pl.code AS plant_code, pl.name AS plant_name, t.code AS type_code, t.name AS type_name,
         (SELECT count(*) FROM ppi_element WHERE ppi_id = p.id) AS n
    FROM ppi AS p LEFT JOIN plant AS pl ON pl.id = p.plant_id LEFT JOIN element_type AS t ON t.id = p.element_type_id`;

/** The server's `Ppi` of a held one: no template, logo or users (a download carries none). */
function toPpi(row: HeldPpiRow): PpiDetail {
  const activities = JSON.parse(String(row.activities)) as LocalActivity[];
  return {
    id: row.id,
    plant: { id: row.plant_id, code: row.plant_code ?? '', name: row.plant_name ?? '' },
    code: row.code,
    name: row.name,
    template: null,
    element_type: { id: row.element_type_id, code: row.type_code ?? '', name: row.type_name ?? '' },
    status: row.status,
    closed_by: null,
    closed_at: row.closed_at,
    logo: null,
    activity_count: activities.length,
    required_activity_count: activities.filter((a) => a.is_required).length,
    element_count: Number(row.n ?? 0),
    links_version: row.links_version,
    users: [],
    created_at: '',
    updated_at: '',
    activities,
  };
}

/** `GET ppis/{id}`: the plan as the download holds it (no template, logo or users: the register needs none), or undefined. */
export async function getPpiDetail(db: LocalDatabase, ppiId: number): Promise<PpiDetail | undefined> {
  const [row] = await db.select<HeldPpiRow>(`${HELD_PPI_SELECT} WHERE p.id = ?`, [ppiId]);
  return row && toPpi(row);
}

/**
 * `GET ppis-admin-list` as far as the device knows: the PPIs held here (those of the downloaded
 * plants the administrator is linked to), with the server's filters and order; null for a template
 * filter (the device keeps no templates).
 */
export async function listHeldPpis(db: LocalDatabase, filters: PpiListQuery = {}): Promise<Ppi[] | null> {
  const filter = ppiListFilter(filters);
  if (!filter) return null;
  const rows = await db.select<HeldPpiRow>(`${HELD_PPI_SELECT} WHERE ${filter.where} ORDER BY pl.name, p.code, p.id`, filter.params);
  return rows.map((row) => {
    const { activities: _activities, ...ppi } = toPpi(row);
    return ppi;
  });
}

/** `GET ppis/{id}/activity-summary`: every activity's counts over the linked elements, or null when the PPI is not held here. */
export async function ppiActivityCounts(db: LocalDatabase, ppiId: number): Promise<ActivityCounts[] | null> {
  const ppi = await findPpi(db, ppiId);
  if (!ppi) return null;
  const [{ n }] = await db.select<{ n: number }>('SELECT count(*) AS n FROM ppi_element WHERE ppi_id = ?', [ppiId]);
  const rows = await db.select<{ activity_id: number; result: string; n: number }>(
    `SELECT r.activity_id, r.result, count(*) AS n FROM ppi_result AS r
       JOIN ppi_element AS l ON l.ppi_id = r.ppi_id AND l.element_id = r.element_id
      WHERE r.ppi_id = ? GROUP BY r.activity_id, r.result`,
    [ppiId],
  );
  return activityCountsOf(ppi.activities, rows, n);
}

/**
 * A result as the server answered it after a push (read-back.ts): the device's row takes the
 * server's values, unless another offline write of it still waits; null (the server no longer shows
 * it to the user) removes it.
 */
export async function applyServerResult(db: LocalDatabase, ppiId: number, resultId: number, result: PpiResult | null): Promise<void> {
  const free = `id = ? AND ppi_id = ? AND NOT (pending_uuid IS NOT NULL AND ${PENDING_RESULT})`;
  if (!result) {
    await db.exec(`DELETE FROM ppi_result WHERE ${free}`, [resultId, ppiId]);
    return;
  }
  await db.exec(
    `UPDATE ppi_result SET result = ?, observations = ?, equipment_id = ?, result_date = ?, user_id = ?, author_name = ?, role = ?,
            observed_at = ?, created_at = ?, updated_at = ?, pending_uuid = NULL WHERE ${free}`,
    [
      result.result, result.observations, result.equipment?.id ?? null, result.result_date, result.author?.id ?? null,
      result.author?.name ?? null, result.role, result.observed_at, result.created_at, result.updated_at, resultId, ppiId,
    ],
  );
}

/**
 * The register map's tile z/x/y of one activity (`GET ppis/{id}/map-results/{z}/{x}/{y}.pbf?activity=ID`
 * as the server draws it): the plan's elements, the linked ones coloured by the device's result of
 * the activity, offline writes included, with the domain's encoder. Null when the PPI or the
 * activity is not held here.
 */
export async function ppiResultTile(
  db: LocalDatabase,
  ppiId: number,
  activityId: number,
  z: number,
  x: number,
  y: number,
): Promise<Uint8Array | null> {
  const ppi = await findPpi(db, ppiId);
  if (!ppi || !ppi.activities.some((a) => a.id === activityId)) return null;
  return cachedTile(db, `ppi${ppiId}/${activityId}/${z}/${x}/${y}`, async () => {
    const { types, drawn, context } = await typeTileElements(db, ppi.plant_id, ppi.element_type_id, z, x, y);
    const ids = JSON.stringify(drawn.map((e) => e.id));
    const linked = await db.select<{ element_id: number }>(
      'SELECT element_id FROM ppi_element WHERE ppi_id = ? AND element_id IN (SELECT value FROM json_each(?))',
      [ppiId, ids],
    );
    const results = await db.select<{ element_id: number; result: PpiResultValue }>(
      'SELECT element_id, result FROM ppi_result WHERE ppi_id = ? AND activity_id = ? AND element_id IN (SELECT value FROM json_each(?))',
      [ppiId, activityId, ids],
    );
    return encodeResultTile(
      drawn,
      types,
      new Set(linked.map((r) => r.element_id)),
      new Map(results.map((r) => [r.element_id, r.result])),
      { z, x, y },
      context,
    );
  });
}
