import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Pbf from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { translate } from '@heliotrack/domain/i18n/translate';
import { RESULT_COLORS } from '@heliotrack/domain/ppi-results';
import { ActivityDetail } from '@heliotrack/domain/ppis';
import { TILE_LAYER } from '@heliotrack/domain/tile-content';
import { lonLatToTile } from '@heliotrack/domain/tiles';
import { SYNC_ELEMENT_COLUMNS, SYNC_PPI_RESULT_COLUMNS, type SyncHeader, type SyncPpi } from '@heliotrack/domain/sync';
import { ApiError } from '../lib/api-error';
import type { OfflineRequest } from '../lib/offline-resolver';
import { ppiHandlers } from './handlers/ppis';
import type { OutboxEntry } from './local-outbox';
import type { LocalStore } from './local-store';
import { pushOutbox, type PushDeps } from './push-outbox';
import { readBackSettled } from './read-back';
import { localPushDeps } from './sync';
import { freshLocalStore, setUpJeepSqlite } from './test-support/jeep-sqlite';

/*
 * Issue 36 on the device, on a real SQLite (jeep-sqlite): the plant loader stores the sync stream's
 * PPI sections (full and incremental), the offline handlers answer the PPI list and the register's
 * results in the server's shapes, and one result recorded offline goes into the outbox (client uuid,
 * recorded_at, known_elements_version), shows at once, survives a download and is sent once.
 */
vi.mock('../lib/native-platform', () => ({ isOnDevice: () => true, onAppResume: () => () => undefined }));
const session = vi.hoisted(() => ({ roles: [] as { code: string }[] }));
vi.mock('../lib/session', () => ({
  getStoredUser: () => ({ id: 7, name: 'Inés Inspectora', roles: session.roles }),
  getAccessToken: () => 'token',
}));

const API = 'https://heliotrack.example.com/api';

beforeAll(async () => {
  await setUpJeepSqlite();
});

let store: LocalStore;
let serverFetch: typeof fetch;
beforeEach(async () => {
  store = await freshLocalStore();
  serverFetch = globalThis.fetch;
});
afterEach(() => {
  vi.stubGlobal('fetch', serverFetch);
  vi.restoreAllMocks();
});

const header = (full: boolean, cursor: string): SyncHeader => ({
  cursor,
  full,
  plant: {
    id: 3, client: 1, structure_type: 'tracker', code: 'CAR-01', name: 'Carmona', power: 50, location: '', latitude: null,
    longitude: null, logo_url: '', image_url: '', mapbox_url: '', token_url: '', start_date: null, state_group: null,
    contractor_group: null, is_serial_scan_enable: false, element_count: 3, elements_version: full ? 10 : 12,
  },
  client: { id: 1, name: 'Org', nif: '', address: '', contact_name: '', contact_email: '' },
  element_types: [
    {
      id: 5, code: 'MOD', name: 'Módulo', ctr_dependent: false, trench_dependent: false, measurement_unit_name: '',
      measurement_unit_value: 1, original_element_type: 'MOD', path: 'modules',
    },
  ],
  states: [],
  transaction_types: [],
  contractors: [],
  recordable_state_ids: [],
  columns: [...SYNC_ELEMENT_COLUMNS],
});

const element = (id: number) =>
  SYNC_ELEMENT_COLUMNS.map((c) =>
    ({ id, type_id: 5, state_id: null, code: `M-${id}`, description: '', serial: '', updated_at: '2026-11-01T00:00:00Z', geom: '' })[
      c as string
    ] ?? (c.startsWith('is_') ? 0 : null),
  );

const ppi = (id: number, code: string, status: 'open' | 'closed' = 'open'): SyncPpi => ({
  id,
  code,
  name: `Plan ${code}`,
  status,
  closed_at: status === 'closed' ? '2026-11-20T00:00:00Z' : null,
  element_type_id: 5,
  links_version: 1,
  activities: [
    { id: id * 10 + 1, position: 1, name: 'Par de apriete', criteria: '', is_required: true, roles: ['CA'] },
    { id: id * 10 + 2, position: 2, name: 'Limpieza', criteria: '', is_required: false, roles: ['TC'] },
  ],
  permissions: { ppi: id, can_view: true, can_manage: false, role: 'CA', recordable_activities: [id * 10 + 1] },
});

type Row = Record<(typeof SYNC_PPI_RESULT_COLUMNS)[number], string | number | null>;
const resultRow = (r: Partial<Row> & Pick<Row, 'id' | 'activity_id' | 'element_id' | 'result'>) =>
  SYNC_PPI_RESULT_COLUMNS.map(
    (c) =>
      ({
        observations: '',
        equipment_id: null,
        result_date: '2026-11-10',
        user_id: 9,
        author_name: 'Otro',
        role: 'CA',
        observed_at: '2026-11-10T08:00:00Z',
        created_at: '2026-11-10T08:00:00Z',
        updated_at: '2026-11-10T08:00:00Z',
        ...r,
      })[c],
  );

const results = (ppiId: number, rows: unknown[][]) =>
  ({ ppi_results: { ppi: ppiId, columns: [...SYNC_PPI_RESULT_COLUMNS], rows } });

const FULL = [
  header(true, 'c1'),
  element(11),
  element(12),
  element(13),
  { ppis: [ppi(40, 'PPI-40'), ppi(41, 'PPI-41')] },
  {
    calibration_equipment: [
      { id: 70, name: 'Nivel', certificate_number: 'C-1', calibration_date: '2026-01-01', expiry_date: '2099-01-01' },
      { id: 71, name: 'Llave vieja', certificate_number: '', calibration_date: '2019-01-01', expiry_date: '2020-01-01' },
    ],
  },
  { ppi_elements: { ppi: 40, element_ids: [11, 12] } },
  results(40, [
    resultRow({ id: 900, activity_id: 401, element_id: 11, result: 'ok', equipment_id: 70 }),
    resultRow({ id: 901, activity_id: 402, element_id: 12, result: 'na' }),
  ]),
  { ppi_elements: { ppi: 41, element_ids: [13] } },
  results(41, [resultRow({ id: 910, activity_id: 411, element_id: 13, result: 'ok' })]),
];

/** The server answers the sync stream with these lines; answers the cursors asked. */
function serve(lines: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).startsWith(API)) return serverFetch(input, init);
    asked.push(String(input).slice(API.length));
    return new Response(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  });
  return asked;
}

/** A server page of these results (the read-back's answer). */
const pageOf = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

const download = () => store.loadPlant(3, { token: 'jwt', language: 'es', apiRoot: API }).done;
const select = async <T,>(sql: string, params: (string | number)[] = []) => (await store.call('select', sql, params)) as T[];

const get = (path: string, params: Record<string, string>, query = ''): OfflineRequest => ({
  method: 'GET',
  path,
  params,
  query: new URLSearchParams(query),
  body: null,
});
const patch = (ppiId: number, resultId: number, body: unknown): OfflineRequest => ({
  method: 'PATCH',
  path: `ppis/${ppiId}/ppi-results/${resultId}/update-result/`,
  params: { ppiId: String(ppiId), resultId: String(resultId) },
  query: new URLSearchParams(),
  body,
});

const post = (ppiId: number, body: unknown): OfflineRequest => ({
  method: 'POST',
  path: `ppis/${ppiId}/bulk-update-results/`,
  params: { ppiId: String(ppiId) },
  query: new URLSearchParams(),
  body,
});

describe('PPI sections of the plant download', () => {
  it('stores them from a full answer and applies an incremental one', async () => {
    serve(FULL);
    await download();
    expect(await select('SELECT id, plant_id, code, status FROM ppi ORDER BY id')).toEqual([
      { id: 40, plant_id: 3, code: 'PPI-40', status: 'open' },
      { id: 41, plant_id: 3, code: 'PPI-41', status: 'open' },
    ]);
    expect(await select('SELECT ppi_id, element_id FROM ppi_element ORDER BY ppi_id, element_id')).toEqual([
      { ppi_id: 40, element_id: 11 },
      { ppi_id: 40, element_id: 12 },
      { ppi_id: 41, element_id: 13 },
    ]);
    expect(await select('SELECT id, activity_id, element_id, result, equipment_id FROM ppi_result ORDER BY id')).toEqual([
      { id: 900, activity_id: 401, element_id: 11, result: 'ok', equipment_id: 70 },
      { id: 901, activity_id: 402, element_id: 12, result: 'na', equipment_id: null },
      { id: 910, activity_id: 411, element_id: 13, result: 'ok', equipment_id: null },
    ]);
    expect(await select('SELECT id, expiry_date FROM calibration_equipment ORDER BY id')).toEqual([
      { id: 70, expiry_date: '2099-01-01' },
      { id: 71, expiry_date: '2020-01-01' },
    ]);
    expect(await select('SELECT count(*) AS n FROM element WHERE plant_id = 3')).toEqual([{ n: 3 }]);

    // Incremental: PPI 41 no longer listed (dropped with links and results), one result changed, one new; equipment whole.
    const asked = serve([
      header(false, 'c2'),
      { ppis: [ppi(40, 'PPI-40')] },
      { calibration_equipment: [FULL[5] && (FULL[5] as { calibration_equipment: unknown[] }).calibration_equipment[0]] },
      results(40, [
        resultRow({ id: 901, activity_id: 402, element_id: 12, result: 'not_ok', updated_at: '2026-11-11T08:00:00Z' }),
        resultRow({ id: 902, activity_id: 401, element_id: 12, result: 'ok' }),
      ]),
    ]);
    await download();
    expect(asked).toEqual(['/plants/3/sync/?cursor=c1']);
    expect(await select('SELECT id FROM ppi')).toEqual([{ id: 40 }]);
    expect(await select('SELECT ppi_id FROM ppi_element WHERE ppi_id = 41')).toEqual([]);
    expect(await select('SELECT id, result FROM ppi_result ORDER BY id')).toEqual([
      { id: 900, result: 'ok' },
      { id: 901, result: 'not_ok' },
      { id: 902, result: 'ok' },
    ]);
    expect(await select('SELECT id FROM calibration_equipment')).toEqual([{ id: 70 }]);
  });

  it('leaves the device with its plant', async () => {
    serve(FULL);
    await download();
    expect(await store.call('removeLostPlants', [])).toMatchObject({ removed: [{ id: 3 }] });
    for (const table of ['ppi', 'ppi_element', 'ppi_result', 'calibration_equipment']) {
      expect(await select(`SELECT count(*) AS n FROM ${table}`), table).toEqual([{ n: 0 }]);
    }
  });
});

describe('the PPI paths offline', () => {
  beforeEach(async () => {
    serve(FULL);
    await download();
  });

  it('answers the linked PPIs, the permissions, the equipment and the register results in the server shapes', async () => {
    expect(await ppiHandlers.linked(get('user-linked-ppis', {}))).toEqual([
      {
        id: 40, code: 'PPI-40', name: 'Plan PPI-40', status: 'open', role: 'CA',
        plant: { id: 3, code: 'CAR-01', name: 'Carmona' }, element_type: { id: 5, code: 'MOD', name: 'Módulo' },
      },
      expect.objectContaining({ id: 41 }),
    ]);
    expect(await ppiHandlers.linked(get('user-linked-ppis', {}, 'plant=4'))).toEqual([]);
    expect(await ppiHandlers.permissions(get('ppis/40/user-ppi-permissions', { ppiId: '40' }))).toEqual({
      ppi: 40, can_view: true, can_manage: false, role: 'CA', recordable_activities: [401],
    });
    expect(await ppiHandlers.equipment()).toEqual([
      expect.objectContaining({ id: 71, name: 'Llave vieja', is_expired: true }),
      expect.objectContaining({ id: 70, name: 'Nivel', is_expired: false }),
    ]);

    const page = (await ppiHandlers.results(get('ppis/40/ppi-results', { ppiId: '40' }, 'page_size=1'))) as {
      count: number; next: string | null; previous: string | null; results: unknown[];
    };
    expect(page.count).toBe(2);
    expect(page.next).toBe('/api/ppis/40/ppi-results?page_size=1&page=2');
    expect(page.previous).toBeNull();
    expect(page.results).toHaveLength(1);
    const filtered = (await ppiHandlers.results(get('ppis/40/ppi-results', { ppiId: '40' }, 'activity=401'))) as { results: unknown[] };
    expect(filtered.results).toEqual([
      {
        id: 900,
        ppi: 40,
        activity: { id: 401, position: 1, name: 'Par de apriete', roles: ['CA'] },
        element: { id: 11, code: 'M-11', type: 'MOD' },
        result: 'ok',
        observations: '',
        equipment: { id: 70, name: 'Nivel', certificate_number: 'C-1', calibration_date: '2026-01-01', expiry_date: '2099-01-01' },
        result_date: '2026-11-10',
        author: { id: 9, name: 'Otro' },
        role: 'CA',
        documents: [],
        editable: true,
        observed_at: '2026-11-10T08:00:00Z',
        created_at: '2026-11-10T08:00:00Z',
        updated_at: '2026-11-10T08:00:00Z',
      },
    ]);
    await expect(ppiHandlers.results(get('ppis/99/ppi-results', { ppiId: '99' }))).rejects.toMatchObject({ status: 404 });

    // The register's table: the linked elements (not 13, linked to the other PPI) with their results by activity.
    const register = (await ppiHandlers.elements(get('ppis/40/list-elements', { ppiId: '40' }, 'page_size=1'))) as {
      count: number; next: string | null; results: { id: number; code: string; results: Record<string, unknown> }[];
    };
    expect(register.count).toBe(2);
    expect(register.next).toBe('/api/ppis/40/list-elements?page_size=1&page=2');
    expect(register.results).toEqual([
      expect.objectContaining({ id: 11, code: 'M-11', results: { '401': { id: 900, result: 'ok' } } }),
    ]);
    const second = (await ppiHandlers.elements(get('ppis/40/list-elements', { ppiId: '40' }, 'page=2&page_size=1'))) as typeof register;
    expect(second.results).toEqual([expect.objectContaining({ id: 12, results: { '402': { id: 901, result: 'na' } } })]);
    await expect(ppiHandlers.result(get('ppis/40/ppi-results/910/', { ppiId: '40', resultId: '910' }))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("answers an administrator's PPI list (ppis-admin-list) with the PPIs held here, in the server's shape and order", async () => {
    const list = (request = get('ppis-admin-list', {})) => ppiHandlers.adminList(request);
    // Not an administrator: the server's 403.
    await expect(list()).rejects.toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    session.roles = [{ code: 'AD' }];
    try {
      expect(await list()).toEqual([
        {
          id: 40, code: 'PPI-40', name: 'Plan PPI-40', status: 'open', closed_at: null, closed_by: null, template: null, logo: null,
          plant: { id: 3, code: 'CAR-01', name: 'Carmona' }, element_type: { id: 5, code: 'MOD', name: 'Módulo' },
          activity_count: 2, required_activity_count: 1, element_count: 2, links_version: 1, users: [], created_at: '', updated_at: '',
        },
        expect.objectContaining({ id: 41, element_count: 1 }),
      ]);
      expect(await list(get('ppis-admin-list', {}, 'plant=4'))).toEqual([]);
      expect(await list(get('ppis-admin-list', {}, 'status=closed'))).toEqual([]);
      expect((await list(get('ppis-admin-list', {}, 'plant=3&status=open'))).map((p) => p.id)).toEqual([40, 41]);
      // The device keeps no templates: that filter needs the server.
      await expect(list(get('ppis-admin-list', {}, 'template=2'))).rejects.toMatchObject({ status: 0 });
      await expect(list(get('ppis-admin-list', {}, 'status=lost'))).rejects.toMatchObject({ status: 400 });
    } finally {
      session.roles = [];
    }
  });

  it('records one result into the outbox, shows it at once, keeps it through a download and sends it once', async () => {
    const answer = await ppiHandlers.updateResult(
      patch(40, 900, { result: 'not_ok', observations: 'Par bajo', equipment: 70, client_uuid: 'result-uuid-1' }),
    );
    expect(answer).toMatchObject({
      id: 900, result: 'not_ok', observations: 'Par bajo', author: { id: 7, name: 'Inés Inspectora' }, role: 'CA', applied_count: 1,
      elements_version: 10,
    });
    // A resend (same client uuid) makes no second entry.
    await ppiHandlers.updateResult(patch(40, 900, { result: 'not_ok', observations: 'Par bajo', equipment: 70, client_uuid: 'result-uuid-1' }));
    const entries = (await store.call('listOutbox', 7)) as OutboxEntry[];
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ client_uuid: 'result-uuid-1', kind: 'ppi_result', status: 'pending' });
    expect(entry.payload).toMatchObject({
      method: 'PATCH',
      path: 'ppis/40/ppi-results/900/update-result/',
      element_ids: [11],
      body: { result: 'not_ok', observations: 'Par bajo', equipment: 70, client_uuid: 'result-uuid-1', known_elements_version: 10 },
    });
    const body = entry.payload.body as { recorded_at: string; result_date: string };
    expect(body.recorded_at).toBe(entry.recorded_at);
    expect(body.result_date).toBe(body.recorded_at.slice(0, 10));

    // An incremental download that still has the server's older value leaves the device's alone.
    serve([header(false, 'c2'), { ppis: [ppi(40, 'PPI-40')] }, results(40, [resultRow({ id: 900, activity_id: 401, element_id: 11, result: 'ok' })])]);
    await download();
    expect(await select('SELECT result, observations, pending_uuid FROM ppi_result WHERE id = 900')).toEqual([
      { result: 'not_ok', observations: 'Par bajo', pending_uuid: 'result-uuid-1' },
    ]);

    const sent: { method: string; path: string; body: unknown }[] = [];
    const send: PushDeps['send'] = async (request) => {
      sent.push(request);
      return {};
    };
    expect(await pushOutbox(localPushDeps(store, 7, send))).toMatchObject({ sent: 1, refused: 0 });
    expect(await pushOutbox(localPushDeps(store, 7, send))).toMatchObject({ sent: 0 });
    expect(sent).toEqual([{ method: 'PATCH', path: 'ppis/40/ppi-results/900/update-result/', body: entry.payload.body }]);
    expect(await store.call('listOutbox', 7)).toEqual([]);

    // Confirmed: the next download's value is the server's again.
    serve([header(false, 'c3'), { ppis: [ppi(40, 'PPI-40')] }, results(40, [resultRow({ id: 900, activity_id: 401, element_id: 11, result: 'not_ok', user_id: 7 })])]);
    await download();
    expect(await select('SELECT result, user_id FROM ppi_result WHERE id = 900')).toEqual([{ result: 'not_ok', user_id: 7 }]);
  });

  it('shows the server\'s result again after the server refused the offline one (read back after the push)', async () => {
    await ppiHandlers.updateResult(patch(40, 900, { result: 'not_ok', client_uuid: 'result-uuid-2' }));
    const server = await ppiHandlers.result(get('ppis/40/ppi-results/900/', { ppiId: '40', resultId: '900' }));
    const asked: string[] = [];
    const send: PushDeps['send'] = async ({ method, path }) => {
      asked.push(`${method} ${path}`);
      if (method === 'PATCH') throw new ApiError(400, 'Bad Request', { non_field_errors: ['El PPI está cerrado.'], code: 'ppi_closed' });
      // The server still has the office's value.
      return pageOf([{ ...server, result: 'ok', observations: 'De oficina', author: { id: 9, name: 'Otro' } }]);
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ sent: 0, refused: 1 });
    expect(await readBackSettled(store, outcome.settled, send)).toBe(true);
    expect(asked).toEqual(['PATCH ppis/40/ppi-results/900/update-result/', 'GET ppis/40/ppi-results?page_size=500&ids=900']);
    expect(await select('SELECT result, observations, user_id, pending_uuid FROM ppi_result WHERE id = 900')).toEqual([
      { result: 'ok', observations: 'De oficina', user_id: 9, pending_uuid: null },
    ]);
    expect(await store.call('listOutbox', 7)).toMatchObject([{ client_uuid: 'result-uuid-2', status: 'refused', refusal_code: 'ppi_closed' }]);
  });

  it("refuses on the device what the server would: expired equipment, another role's activity, a closed PPI", async () => {
    const refused = async (request: OfflineRequest) => {
      const error = (await ppiHandlers.updateResult(request).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ status: expect.any(Number) });
      return error;
    };
    const expired = await refused(patch(40, 900, { result: 'ok', equipment: 71, result_date: '2026-11-20' }));
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      equipment: [translate('es', 'ppis.results.equipmentExpired', { name: 'Llave vieja', date: '2026-11-20', expiry: '2020-01-01' })],
      code: 'equipment_expired',
    });
    const unknown = await refused(patch(40, 900, { result: 'ok', equipment: 99 }));
    expect(unknown.body).toMatchObject({ code: 'equipment_unknown' });
    const notMine = await refused(patch(40, 901, { result: 'ok' }));
    expect(notMine.status).toBe(403);
    expect(notMine.body).toMatchObject({ code: 'permission_denied', refusal: 'activity_not_yours' });

    serve([header(false, 'c2'), { ppis: [ppi(40, 'PPI-40', 'closed')] }]);
    await download();
    const closed = await refused(patch(40, 900, { result: 'ok' }));
    expect(closed.body).toMatchObject({ code: 'ppi_closed' });
    expect(await store.call('listOutbox', 7)).toEqual([]);
    expect(await select('SELECT result FROM ppi_result WHERE id = 900')).toEqual([{ result: 'ok' }]);
  });

  it('answers the plan and its activities\' counts for the register', async () => {
    expect(await ppiHandlers.detail(get('ppis/40', { ppiId: '40' }))).toMatchObject({
      id: 40,
      code: 'PPI-40',
      plant: { id: 3, code: 'CAR-01', name: 'Carmona' },
      element_type: { id: 5, code: 'MOD', name: 'Módulo' },
      status: 'open',
      activity_count: 2,
      required_activity_count: 1,
      element_count: 2,
      activities: [expect.objectContaining({ id: 401, criteria: '', is_required: true }), expect.objectContaining({ id: 402 })],
    });
    await expect(ppiHandlers.detail(get('ppis/99', { ppiId: '99' }))).rejects.toMatchObject({ status: 404 });
    // The activity details page: the server's shape exactly (the schema drops nothing, lacks nothing).
    const activity = await ppiHandlers.activity(get('ppis/40/activities/402', { ppiId: '40', activityId: '402' }));
    expect(ActivityDetail.parse(activity)).toEqual(activity);
    expect(activity).toMatchObject({ id: 402, name: 'Limpieza', roles: ['TC'], ppi: { id: 40, code: 'PPI-40', status: 'open', plant: { id: 3 } } });
    await expect(ppiHandlers.activity(get('ppis/40/activities/999', { ppiId: '40', activityId: '999' }))).rejects.toMatchObject({ status: 404 });
    await expect(ppiHandlers.activity(get('ppis/99/activities/402', { ppiId: '99', activityId: '402' }))).rejects.toMatchObject({ status: 404 });
    const counts = (path: string) => ppiHandlers.counts(get(path, { ppiId: '40' }));
    const mine = {
      activity: { id: 401, position: 1, name: 'Par de apriete', roles: ['CA'], is_required: true },
      ok: 1, not_ok: 0, na: 0, pending: 1, expected: 2,
    };
    const others = {
      activity: { id: 402, position: 2, name: 'Limpieza', roles: ['TC'], is_required: false },
      ok: 0, not_ok: 0, na: 1, pending: 1, expected: 2,
    };
    expect(await counts('ppis/40/user-activities-summary')).toEqual([mine]);
    expect(await counts('ppis/40/other-roles-activity-summary')).toEqual([others]);
    expect(await counts('ppis/40/activity-summary')).toEqual([mine, others]);
    // Another role's result, read-only.
    expect(await ppiHandlers.otherRolesResult(get('ppis/40/ppi-results/901/other-roles-result', { ppiId: '40', resultId: '901' }))).toMatchObject({
      id: 901, result: 'na', editable: false,
    });
  });

  it('records one activity on several elements: results made with temporary ids, shown at once, sent once, then the server\'s', async () => {
    const answer = await ppiHandlers.bulkResults(
      post(40, { activity: 401, element_ids: [11, 12, 12], result: 'not_ok', observations: 'Flojo', equipment: 70, client_uuid: 'bulk-uuid-1' }),
    );
    expect(answer).toMatchObject({ written: 2, element_count: 2, activity_count: 1, applied_count: 2, late_count: 0, elements_version: 10 });
    const rows = await select<{ id: number; element_id: number; result: string; user_id: number; pending_uuid: string }>(
      'SELECT id, element_id, result, user_id, pending_uuid FROM ppi_result WHERE activity_id = 401 ORDER BY element_id',
    );
    expect(rows).toEqual([
      { id: 900, element_id: 11, result: 'not_ok', user_id: 7, pending_uuid: 'bulk-uuid-1' },
      { id: expect.any(Number), element_id: 12, result: 'not_ok', user_id: 7, pending_uuid: 'bulk-uuid-1' },
    ]);
    const temporary = rows[1].id;
    expect(temporary).toBeLessThan(0);
    // The register shows both, and the new one opens.
    const register = (await ppiHandlers.elements(get('ppis/40/list-elements', { ppiId: '40' }))) as {
      results: { id: number; results: Record<string, unknown> }[];
    };
    expect(register.results.map((e) => e.results['401'])).toEqual([
      { id: 900, result: 'not_ok' },
      { id: temporary, result: 'not_ok' },
    ]);
    expect(await ppiHandlers.result(get(`ppis/40/ppi-results/${temporary}/`, { ppiId: '40', resultId: String(temporary) }))).toMatchObject({
      id: temporary, element: { id: 12, code: 'M-12' }, observations: 'Flojo', equipment: { id: 70 }, author: { id: 7 }, editable: true,
    });
    expect(await ppiHandlers.counts(get('ppis/40/user-activities-summary', { ppiId: '40' }))).toEqual([
      expect.objectContaining({ ok: 0, not_ok: 2, pending: 0 }),
    ]);
    // A resend makes nothing new.
    await ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [11, 12], result: 'not_ok', client_uuid: 'bulk-uuid-1' }));
    expect(await store.call('listOutbox', 7)).toHaveLength(1);

    // Recording the new result again: the server does not know its id, so it travels as a write of its activity on its element.
    await ppiHandlers.updateResult(patch(40, temporary, { result: 'ok', observations: 'Apretado', client_uuid: 'bulk-uuid-2' }));
    const [first, second] = (await store.call('listOutbox', 7)) as OutboxEntry[];
    expect(first.payload).toMatchObject({
      method: 'POST',
      path: 'ppis/40/bulk-update-results/',
      element_ids: [11, 12],
      body: { activity: 401, element_ids: [11, 12], result: 'not_ok', observations: 'Flojo', equipment: 70, client_uuid: 'bulk-uuid-1', known_elements_version: 10 },
    });
    expect((first.payload.body as { recorded_at: string }).recorded_at).toBe(first.recorded_at);
    expect(second.payload).toMatchObject({
      method: 'POST',
      path: 'ppis/40/bulk-update-results/',
      element_ids: [12],
      body: { activity: 401, element_ids: [12], result: 'ok', observations: 'Apretado', client_uuid: 'bulk-uuid-2' },
    });
    expect(await select('SELECT id, result, pending_uuid FROM ppi_result WHERE activity_id = 401 AND element_id = 12')).toEqual([
      { id: temporary, result: 'ok', pending_uuid: 'bulk-uuid-2' },
    ]);

    const sent: { method: string; path: string }[] = [];
    const send: PushDeps['send'] = async (request) => {
      sent.push({ method: request.method, path: request.path });
      if (request.method === 'GET') return pageOf([{ ...(await ppiHandlers.result(get('', { ppiId: '40', resultId: '900' }))), result: 'not_ok', observations: 'Del servidor' }]);
      return {};
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ sent: 2, refused: 0 });
    expect(await readBackSettled(store, outcome.settled, send)).toBe(true);
    // Result 900 (the server's id) is read back; the temporary one waits for the download.
    expect(sent).toEqual([
      { method: 'POST', path: 'ppis/40/bulk-update-results/' },
      { method: 'POST', path: 'ppis/40/bulk-update-results/' },
      { method: 'GET', path: 'ppis/40/ppi-results?page_size=500&ids=900' },
    ]);
    expect(await select('SELECT observations, pending_uuid FROM ppi_result WHERE id = 900')).toEqual([{ observations: 'Del servidor', pending_uuid: null }]);

    serve([
      header(false, 'c2'),
      { ppis: [ppi(40, 'PPI-40')] },
      results(40, [resultRow({ id: 950, activity_id: 401, element_id: 12, result: 'ok', user_id: 7, observations: 'Apretado' })]),
    ]);
    await download();
    expect(await select('SELECT id, result, observations, pending_uuid FROM ppi_result WHERE activity_id = 401 AND element_id = 12')).toEqual([
      { id: 950, result: 'ok', observations: 'Apretado', pending_uuid: null },
    ]);
  });

  it('takes back the results of a refused bulk write: the temporary ones leave, the server\'s are read back', async () => {
    await ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [11, 12], result: 'na', client_uuid: 'bulk-uuid-3' }));
    const server = await ppiHandlers.result(get('', { ppiId: '40', resultId: '900' }));
    const asked: string[] = [];
    const send: PushDeps['send'] = async ({ method, path }) => {
      asked.push(`${method} ${path}`);
      if (method === 'POST') throw new ApiError(400, 'Bad Request', { non_field_errors: ['El PPI está cerrado.'], code: 'ppi_closed' });
      return pageOf([{ ...server, result: 'ok', observations: 'De oficina', author: { id: 9, name: 'Otro' } }]);
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ refused: 1 });
    expect(await readBackSettled(store, outcome.settled, send)).toBe(true);
    expect(asked).toEqual(['POST ppis/40/bulk-update-results/', 'GET ppis/40/ppi-results?page_size=500&ids=900']);
    expect(await select('SELECT id, result, observations, pending_uuid FROM ppi_result WHERE activity_id = 401 ORDER BY id')).toEqual([
      { id: 900, result: 'ok', observations: 'De oficina', pending_uuid: null },
    ]);
  });

  it('removes a result the read-back no longer finds: absent from the answer, or the PPI no longer the user\'s (404)', async () => {
    // Two offline writes on results the server had (900 and 901 of PPI 40), then 910 of PPI 41.
    await ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [11], result: 'na', client_uuid: 'gone-uuid-1' }));
    await ppiHandlers.updateResult(patch(41, 910, { result: 'not_ok', client_uuid: 'gone-uuid-2' }));
    const asked: string[] = [];
    const send: PushDeps['send'] = async ({ method, path }) => {
      asked.push(`${method} ${path}`);
      if (method !== 'GET') throw new ApiError(400, 'Bad Request', { non_field_errors: ['No.'], code: 'refused' });
      // The server has deleted 900; PPI 41 is no longer the user's.
      if (path.startsWith('ppis/41/')) throw new ApiError(404, 'Not Found', { detail: 'No encontrado.', code: 'not_found' });
      return pageOf([]);
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(outcome).toMatchObject({ refused: 2 });
    expect(await readBackSettled(store, outcome.settled, send)).toBe(true);
    expect(asked.filter((a) => a.startsWith('GET'))).toEqual([
      'GET ppis/40/ppi-results?page_size=500&ids=900',
      'GET ppis/41/ppi-results?page_size=500&ids=910',
    ]);
    expect(await select('SELECT id FROM ppi_result ORDER BY id')).toEqual([{ id: 901 }]);
  });

  it('reads back nothing it could not read: a failed read keeps the device\'s rows and says so', async () => {
    await ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [11], result: 'na', client_uuid: 'fail-uuid-1' }));
    const send: PushDeps['send'] = async ({ method }) => {
      if (method !== 'GET') return {};
      throw new ApiError(503, 'Service Unavailable', null);
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(await readBackSettled(store, outcome.settled, send)).toBe(false);
    expect(await select('SELECT id, result FROM ppi_result WHERE id = 900')).toEqual([{ id: 900, result: 'na' }]);
  });

  it('refuses a bulk write on the device as the server would: unlinked elements, another role\'s activity, expired equipment', async () => {
    const refused = async (body: unknown) => (await ppiHandlers.bulkResults(post(40, body)).catch((e: unknown) => e)) as ApiError;
    const unlinked = await refused({ activity: 401, element_ids: [11, 13], result: 'ok' });
    expect(unlinked).toMatchObject({ status: 400, body: { code: 'elements_not_linked', element_ids: [translate('es', 'ppis.results.elementsNotLinked', { ids: '13' })] } });
    expect(await refused({ activity: 402, element_ids: [11], result: 'ok' })).toMatchObject({ status: 403, body: { refusal: 'activity_not_yours' } });
    expect(await refused({ activity: 401, element_ids: [11], result: 'ok', equipment: 71 })).toMatchObject({ status: 400, body: { code: 'equipment_expired' } });
    expect(await refused({ activity: 401, element_ids: [], result: 'ok' })).toMatchObject({ status: 400 });
    expect(await store.call('listOutbox', 7)).toEqual([]);
    expect(await select('SELECT count(*) AS n FROM ppi_result WHERE id < 0')).toEqual([{ n: 0 }]);
  });

  it('keeps a photo of a result on the device, shows it, uploads it before its result once, and drops a refused one\'s with its entry', async () => {
    // A photo chosen offline: the offline `POST documents/` keeps it with a provisional id (handlers/documents.ts).
    const keep = (uuid: string, plantId = 3) =>
      store.call('savePendingDocument', { clientUuid: uuid, userId: 7, plantId, name: `${uuid}.jpg`, contentType: 'image/jpeg', size: 3, data: 'SlBH' });
    const photo = await keep('photo-1');
    const other = await keep('photo-other', 4);
    const second = await keep('photo-2');
    const refused = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as ApiError).body;

    // Refused on the device as the server would: a photo of another plant, one unknown, a photo on several results.
    expect(await refused(ppiHandlers.updateResult(patch(40, 900, { result: 'ok', documents: [other], client_uuid: 'photo-w0' })))).toMatchObject({
      code: 'documents_unavailable',
      documents: [translate('es', 'ppis.results.documentsUnavailable', { ids: String(other) })],
    });
    expect(await refused(ppiHandlers.updateResult(patch(40, 900, { result: 'ok', documents: [-99] })))).toMatchObject({ code: 'documents_unavailable' });
    expect(await refused(ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [11, 12], result: 'ok', documents: [photo] })))).toMatchObject({
      code: 'documents_need_one_result',
    });
    expect(await store.call('listOutbox', 7)).toEqual([]);

    // update-result of a server's result, and bulk-update-results on an element without a result (a temporary one), each with a photo.
    await ppiHandlers.updateResult(patch(40, 900, { result: 'not_ok', documents: [photo], client_uuid: 'photo-w1' }));
    await ppiHandlers.updateResult(patch(40, 900, { result: 'not_ok', documents: [photo], client_uuid: 'photo-w1' }));
    expect(await refused(ppiHandlers.updateResult(patch(40, 900, { result: 'ok', documents: [photo], client_uuid: 'photo-w9' })))).toMatchObject({
      code: 'documents_unavailable',
    });
    await ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [12], result: 'ok', documents: [second], client_uuid: 'photo-w2' }));
    const [{ id: temporary }] = await select<{ id: number }>('SELECT id FROM ppi_result WHERE activity_id = 401 AND element_id = 12');
    expect(temporary).toBeLessThan(0);

    // Shown in the result as the server shows its photos: the dialog gets the bytes, a list the names.
    const shown = (resultId: number) => ppiHandlers.result(get('', { ppiId: '40', resultId: String(resultId) }));
    expect((await shown(900)).documents).toEqual([
      { id: photo, name: 'photo-1.jpg', size: 3, content_type: 'image/jpeg', url: 'data:image/jpeg;base64,SlBH', is_photo: true },
    ]);
    expect((await shown(temporary)).documents).toEqual([expect.objectContaining({ id: second, name: 'photo-2.jpg', is_photo: true })]);
    const list = (await ppiHandlers.results(get('ppis/40/ppi-results', { ppiId: '40' }, 'activity=401'))) as { results: { id: number; documents: { url: string }[] }[] };
    expect(list.results.map((r) => [r.id, r.documents.map((d) => d.url)])).toEqual([
      [temporary, ['']],
      [900, ['']],
    ]);
    // The other role's result (no photo) shows none.
    expect((await shown(901)).documents).toEqual([]);

    // The sync: each photo goes up before its result, with its client uuid, and the server's id takes its place.
    // The network is cut once after the first upload: the resend gets the same document, not a second.
    const documents = new Map<string, number>();
    const sent: { method: string; path: string; body: unknown }[] = [];
    let cut = true;
    const send: PushDeps['send'] = async (request) => {
      if (request.path === 'documents/') {
        const uuid = String((request.body as FormData).get('client_uuid'));
        if (!documents.has(uuid)) documents.set(uuid, 500 + documents.size);
        sent.push({ ...request, body: uuid });
        return { id: documents.get(uuid) };
      }
      if (cut) {
        cut = false;
        throw new ApiError(0, 'No connection', null);
      }
      sent.push(request);
      if (request.path.includes('bulk')) throw new ApiError(400, 'Bad Request', { non_field_errors: ['El PPI está cerrado.'], code: 'ppi_closed' });
      return {};
    };
    expect(await pushOutbox(localPushDeps(store, 7, send))).toMatchObject({ sent: 0, stopped: { status: 0 } });
    expect(await pushOutbox(localPushDeps(store, 7, send))).toMatchObject({ sent: 1, refused: 1 });
    expect(await pushOutbox(localPushDeps(store, 7, send))).toMatchObject({ sent: 0, refused: 0 });
    expect(sent.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`)).toEqual([
      'POST documents/ "photo-1"',
      'POST documents/ "photo-1"',
      expect.stringMatching(/^PATCH ppis\/40\/ppi-results\/900\/update-result\/ .*"documents":\[500\]/),
      'POST documents/ "photo-2"',
      expect.stringMatching(/^POST ppis\/40\/bulk-update-results\/ .*"documents":\[501\]/),
    ]);
    expect(documents.size).toBe(2);
    // The confirmed result's photo left the device; the refused one's waits with its entry until discarded.
    expect(await select('SELECT client_uuid FROM pending_document ORDER BY client_uuid')).toEqual([
      { client_uuid: 'photo-2' },
      { client_uuid: 'photo-other' },
    ]);
    await store.call('removeOutbox', 'photo-w2');
    expect(await select('SELECT client_uuid FROM pending_document')).toEqual([{ client_uuid: 'photo-other' }]);
  });

  it('records several activities on several elements at once (massive-activities-updates), one entry, refused as the server would', async () => {
    // An administrator of the plan records every activity (the download's permissions say so).
    serve([header(false, 'c2'), { ppis: [{ ...ppi(40, 'PPI-40'), permissions: { ppi: 40, can_view: true, can_manage: true, role: null, recordable_activities: [401, 402] } }] }]);
    await download();
    const massive = (body: unknown): OfflineRequest => ({ ...post(40, body), path: 'ppis/40/massive-activities-updates/' });
    const refused = (await ppiHandlers.massiveResults(
      massive({ activities: [{ activity: 401, result: 'ok' }, { activity: 402, result: 'na', equipment: 71 }], element_ids: [11, 12] }),
    ).catch((e: unknown) => e)) as ApiError;
    expect(refused).toMatchObject({ status: 400, body: { code: 'equipment_expired', 'activities.1.equipment': [expect.any(String)] } });

    const answer = await ppiHandlers.massiveResults(
      massive({
        activities: [{ activity: 401, result: 'ok', equipment: 70 }, { activity: 402, result: 'not_ok', observations: 'Sucio' }],
        element_ids: [11, 12],
        client_uuid: 'massive-uuid-1',
      }),
    );
    expect(answer).toMatchObject({ written: 4, element_count: 2, activity_count: 2, applied_count: 4 });
    expect(await select('SELECT activity_id, element_id, result, observations, id > 0 AS server FROM ppi_result WHERE ppi_id = 40 ORDER BY activity_id, element_id')).toEqual([
      { activity_id: 401, element_id: 11, result: 'ok', observations: '', server: 1 },
      { activity_id: 401, element_id: 12, result: 'ok', observations: '', server: 0 },
      { activity_id: 402, element_id: 11, result: 'not_ok', observations: 'Sucio', server: 0 },
      { activity_id: 402, element_id: 12, result: 'not_ok', observations: 'Sucio', server: 1 },
    ]);
    expect(await select('SELECT count(DISTINCT id) AS n FROM ppi_result WHERE pending_uuid = ?', ['massive-uuid-1'])).toEqual([{ n: 4 }]);
    const [entry] = (await store.call('listOutbox', 7)) as OutboxEntry[];
    expect(entry.payload).toMatchObject({
      method: 'POST',
      path: 'ppis/40/massive-activities-updates/',
      element_ids: [11, 12],
      body: { activities: [{ activity: 401, result: 'ok', equipment: 70 }, { activity: 402, result: 'not_ok' }], client_uuid: 'massive-uuid-1' },
    });

    // Refused at sync: the results it made leave, those of the server are read back, both in one request
    // (answered here by the device's own list with the same ids filter, as the server would).
    const asked: string[] = [];
    const send: PushDeps['send'] = async ({ method, path }) => {
      asked.push(`${method} ${path}`);
      if (method === 'POST') throw new ApiError(400, 'Bad Request', { non_field_errors: ['El PPI está cerrado.'], code: 'ppi_closed' });
      const [route, query] = path.split('?');
      const page = (await ppiHandlers.results(get(route, { ppiId: '40' }, query))) as { results: object[] };
      return pageOf(page.results.map((r) => ({ ...r, result: 'na' })));
    };
    const outcome = await pushOutbox(localPushDeps(store, 7, send));
    expect(await readBackSettled(store, outcome.settled, send)).toBe(true);
    expect(asked).toEqual(['POST ppis/40/massive-activities-updates/', 'GET ppis/40/ppi-results?page_size=500&ids=900,901']);
    expect(await select('SELECT id, result, pending_uuid FROM ppi_result WHERE ppi_id = 40 ORDER BY id')).toEqual([
      { id: 900, result: 'na', pending_uuid: null },
      { id: 901, result: 'na', pending_uuid: null },
    ]);
  });
});

describe('the register map offline', () => {
  // Three modules side by side, about 1 m wide, as the server sends them (WKT and bbox).
  const placed = (id: number) => {
    const x = -3.70379 + (id - 11) * 0.00002;
    const [w, s, e, n] = [x, 40.416775, x + 0.00001, 40.416785];
    const row = element(id);
    const at = (c: string) => SYNC_ELEMENT_COLUMNS.indexOf(c as (typeof SYNC_ELEMENT_COLUMNS)[number]);
    row[at('geom')] = `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`;
    [row[at('min_x')], row[at('min_y')], row[at('max_x')], row[at('max_y')]] = [w, s, e, n];
    return row;
  };
  const { x, y } = lonLatToTile(-3.70379, 40.41678, 18);
  /** The tile's features by element id: result and colour of the linked ones, `linked: false` for the others. */
  const features = async (activityId: number, z = 18, tx = x, ty = y) => {
    const bytes = (await store.call('ppiResultTile', 40, activityId, z, tx, ty)) as Uint8Array;
    const layer = new VectorTile(new Pbf(bytes)).layers[TILE_LAYER];
    const found: Record<number, { linked: unknown; result?: unknown; color: unknown }> = {};
    for (let i = 0; i < (layer?.length ?? 0); i++) {
      const { id, properties } = layer.feature(i);
      found[Number(id)] = { linked: properties.linked, result: properties.result, color: properties.color };
    }
    return found;
  };
  const hex = (c: string) => c.replace('#', '');

  beforeEach(async () => {
    serve(FULL.map((line, i) => (i >= 1 && i <= 3 ? placed(11 + i - 1) : line)));
    await download();
  });

  it("draws the plan's elements coloured by the device's results of the activity, offline writes included", async () => {
    expect(await features(401)).toEqual({
      11: { linked: true, result: 'ok', color: hex(RESULT_COLORS.ok) },
      12: { linked: true, result: 'pending', color: hex(RESULT_COLORS.pending) },
      13: { linked: false, result: undefined, color: expect.any(String) },
    });
    expect((await features(402))[12]).toMatchObject({ result: 'na' });

    // Recorded offline on both linked elements: the next tile shows it.
    await ppiHandlers.bulkResults(post(40, { activity: 401, element_ids: [11, 12], result: 'not_ok', client_uuid: 'map-uuid-1' }));
    expect(await features(401)).toMatchObject({
      11: { result: 'not_ok', color: hex(RESULT_COLORS.not_ok) },
      12: { result: 'not_ok', color: hex(RESULT_COLORS.not_ok) },
    });
    // Modules are drawn from the detail zoom on; below it the plan's tile holds no module.
    const below = lonLatToTile(-3.70379, 40.41678, 17);
    expect(await features(401, 17, below.x, below.y)).toEqual({});
  });

  it('has no tile for a PPI or an activity the device does not hold', async () => {
    expect(await store.call('ppiResultTile', 99, 401, 18, x, y)).toBeNull();
    expect(await store.call('ppiResultTile', 40, 411, 18, x, y)).toBeNull();
  });
});
