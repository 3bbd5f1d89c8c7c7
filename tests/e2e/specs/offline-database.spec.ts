import type { APIRequestContext, Page } from '@playwright/test';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { ADMIN, apiGet, bearer, expect, localCall, localFailure, localLoadPlant, obtainTokens, test, type LocalStoreWindow } from '../fixtures';

/**
 * Issue 15 (Offline II): the local database in the browser — sqlite-wasm in a dedicated Worker with
 * the opfs-sahpool VFS, served by our own server — loaded from the plant sync stream, answering
 * like the server. Everything runs in the real browser on the real SQLite (no mock).
 */

interface Plant {
  id: number;
  name: string;
  element_count: number;
  elements_version: number;
}
interface ElementType {
  id: number;
  code: string;
  path: string | null;
}
interface State {
  id: number;
  element_type: number;
  depends_on: number | null;
  is_active: boolean;
}
interface Element {
  id: number;
  state_id: number | null;
  type_id: number;
  code: string;
  geom: string;
}
interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

async function openApp(page: Page) {
  // Any page of the app exposes the local store to automated browsers; the login page needs no session.
  await page.goto('/login');
  await page.waitForFunction(() => '__heliotrackLocalStore' in window);
}

async function largestPlant(request: APIRequestContext, access: string): Promise<Plant> {
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  return plants.reduce((a, b) => (b.element_count > a.element_count ? b : a));
}

async function serverTile(request: APIRequestContext, access: string, plantId: number, z: number, x: number, y: number) {
  const response = await request.get(`/api/plants/${plantId}/tiles/${z}/${x}/${y}.pbf`, { headers: bearer(access) });
  expect(response.status()).toBe(200);
  return new Uint8Array(await response.body());
}

/** A tile's features, sorted by id, with their properties and geometry: what a map would draw. */
function tileFeatures(bytes: Uint8Array) {
  const tile = new VectorTile(new Pbf(bytes));
  const layer = tile.layers.elements;
  if (!layer) return [];
  const features = [];
  for (let i = 0; i < layer.length; i++) {
    const f = layer.feature(i);
    features.push({ id: f.id, type: f.type, properties: f.properties, geometry: JSON.stringify(f.loadGeometry()) });
  }
  return features.sort((a, b) => Number(a.id) - Number(b.id));
}

function lonLatToTile(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x, y };
}

test.describe('local database (Offline II)', () => {
  test('loads the demo plant from the sync stream into OPFS and answers lists, polygons, tiles, details and catalogues as the server does', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { access } = await obtainTokens(request, ADMIN);
    const plant = await largestPlant(request, access);
    await openApp(page);
    await localCall(page, 'open');
    await localCall(page, 'reset');

    // A full download: progress climbs to the plant's element count.
    const { result, progress } = await localLoadPlant(page, plant.id, access);
    expect(result.full).toBe(true);
    expect(result.done).toBe(plant.element_count);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress[progress.length - 1]).toEqual({ done: plant.element_count, total: plant.element_count });

    // Catalogues and the plant, in the server's shapes.
    expect(await localCall(page, 'getPlant', plant.id)).toEqual(await apiGet(request, `/api/plants/${plant.id}/`, access));
    const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
    expect(await localCall(page, 'listElementTypes')).toEqual(types);
    expect(await localCall(page, 'listPlantStates', plant.id)).toEqual(await apiGet(request, `/api/plants/${plant.id}/states/`, access));
    expect(await localCall(page, 'listPlantContractors', plant.id)).toEqual(await apiGet(request, `/api/plants/${plant.id}/contractors/`, access));
    expect(await localCall(page, 'listTransactionTypes')).toEqual(await apiGet(request, '/api/transaction-types/', access));

    // Element lists: same ids, order, counts and links, for every standard type and several filters.
    const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
    let listsCompared = 0;
    for (const type of types.filter((t) => t.path)) {
      const typeState = states.find((s) => s.element_type === type.id);
      const queries = [
        '?page=1&page_size=25',
        '?page=2&page_size=10&ordering=-code',
        '?ordering=state&page_size=50',
        '?ordering=-updated_at&page_size=20',
        '?code=0&page_size=30',
        `?state=${typeState?.id ?? 1}&page_size=15`,
        '?is_serial_duplicated=false&ordering=id&page_size=5&page=3',
        '?updated_from=2000-01-01&updated_to=2100-12-31&page_size=7',
      ];
      for (const q of queries) {
        const path = `/api/plants/${plant.id}/${type.path}/${q}`;
        const server = await apiGet<Paged<Element>>(request, path, access);
        const query = Object.fromEntries(new URL(path, 'http://x').searchParams);
        const local = await page.evaluate(
          async ({ plantId, typeId, query, path }) => {
            const store = await (window as unknown as { __heliotrackLocalStore(): Promise<{ call(...a: unknown[]): Promise<unknown> }> }).__heliotrackLocalStore();
            // The screens parse the query with the domain's schema; the test hands the parsed form.
            const parsed = {
              page: Number(query.page ?? 1),
              page_size: Number(query.page_size ?? 25),
              ordering: query.ordering ?? 'code',
              code: query.code,
              state: query.state ? query.state.split(',').map(Number) : undefined,
              is_serial_duplicated: query.is_serial_duplicated === undefined ? undefined : query.is_serial_duplicated === 'true',
              updated_from: query.updated_from,
              updated_to: query.updated_to,
            };
            return store.call('listElements', plantId, typeId, parsed, path);
          },
          { plantId: plant.id, typeId: type.id, query, path },
        );
        expect(local, path).toEqual(server);
        listsCompared++;
      }
    }
    expect(listsCompared).toBeGreaterThan(20);

    // Polygon selection: the west half of the plant, for every type with elements there.
    const { bbox } = await apiGet<{ bbox: [number, number, number, number] }>(request, `/api/plants/${plant.id}/tiles/bounds`, access);
    const [w, s, e, n] = bbox;
    const midX = (w + e) / 2;
    const polygon = `${w - 0.0001} ${s - 0.0001},${midX} ${s - 0.0001},${midX} ${n + 0.0001},${w - 0.0001} ${n + 0.0001},${w - 0.0001} ${s - 0.0001}`;
    let selected = 0;
    for (const type of types.filter((t) => t.path)) {
      const server = await apiGet<Element[]>(request, `/api/plants/${plant.id}/${type.path}/by-polygon?polygon=${encodeURIComponent(polygon)}`, access);
      const local = await localCall<Element[]>(page, 'elementsByPolygon', plant.id, type.id, polygon);
      expect(local, `${type.code} by polygon`).toEqual(server);
      selected += local.length;
    }
    expect(selected).toBeGreaterThan(0);

    // Tiles at z15–z18 over the plant's centre and a corner: the same features as the server's.
    const centre = [(w + e) / 2, (s + n) / 2];
    let featuresCompared = 0;
    for (const z of [15, 16, 17, 18]) {
      for (const [lon, lat] of [centre, [w, n]]) {
        const { x, y } = lonLatToTile(lon, lat, z);
        const server = tileFeatures(await serverTile(request, access, plant.id, z, x, y));
        const localBytes = await localCall<Uint8Array>(page, 'plantTile', plant.id, z, x, y);
        const local = tileFeatures(new Uint8Array(Object.values(localBytes)));
        expect(local, `tile ${z}/${x}/${y}`).toEqual(server);
        featuresCompared += local.length;
      }
    }
    expect(featuresCompared).toBeGreaterThan(100);

    // Element detail.
    const modules = types.find((t) => t.code === 'MOD')!;
    const somePage = await apiGet<Paged<Element>>(request, `/api/plants/${plant.id}/modules/?page_size=3`, access);
    for (const element of somePage.results) {
      expect(await localCall(page, 'elementDetail', plant.id, element.id)).toEqual(
        await apiGet(request, `/api/plants/${plant.id}/${modules.path}/${element.id}/`, access),
      );
    }

    // The database lives in OPFS: a reload finds the plant still there.
    await page.reload();
    await page.waitForFunction(() => '__heliotrackLocalStore' in window);
    await localCall(page, 'open');
    expect(((await localCall(page, 'getPlant', plant.id)) as Plant).element_count).toBe(plant.element_count);
  });

  test('an incremental download brings only the changes and never overwrites an element waiting in the outbox', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { access } = await obtainTokens(request, ADMIN);
    const plant = await largestPlant(request, access);
    await openApp(page);
    await localCall(page, 'open');
    await localCall(page, 'reset');
    await localLoadPlant(page, plant.id, access);

    // Two trackers change state on the server; the device has its own change of the second waiting.
    const trackers = await apiGet<Paged<Element>>(request, `/api/plants/${plant.id}/trackers/?page_size=2&ordering=id`, access);
    const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
    const [first, second] = trackers.results;
    const candidates = states.filter((st) => st.element_type === first.type_id && st.is_active && st.id !== first.state_id && st.id !== second.state_id);
    let changedTo: number | null = null;
    for (const state of candidates) {
      const response = await request.post(`/api/plants/${plant.id}/trackers/massive-state-change/`, {
        headers: bearer(access),
        data: { state: state.id, element_type: first.type_id, element_ids: [first.id, second.id] },
      });
      if (response.ok()) {
        changedTo = state.id;
        break;
      }
    }
    expect(changedTo, 'a state the demo accepts for both trackers').not.toBeNull();
    const localState = second.state_id;
    await localCall(page, 'insertItem', 'outbox', {
      client_uuid: 'e2e-offline-0001',
      user_id: 1,
      kind: 'state_change',
      payload: { element_ids: [second.id], state: localState },
      created_at: new Date().toISOString(),
    });

    const { result } = await localLoadPlant(page, plant.id, access);
    expect(result.full).toBe(false);
    // The cursor asks for what changed: the two trackers (a few more only if something else wrote meanwhile).
    expect(result.done).toBeGreaterThanOrEqual(2);
    expect(result.done).toBeLessThan(plant.element_count / 10);
    const firstLocal = await localCall<{ state_id: number }>(page, 'getById', 'element', first.id);
    const secondLocal = await localCall<{ state_id: number }>(page, 'getById', 'element', second.id);
    expect(firstLocal.state_id).toBe(changedTo);
    expect(secondLocal.state_id).toBe(localState);

    // Once the outbox entry is gone, a full download (after a reset of the cursor) brings the server's state.
    await localCall(page, 'deleteById', 'outbox', 'e2e-offline-0001');
    await localCall(page, 'exec', 'UPDATE plant_download SET cursor = NULL WHERE plant_id = ?', [plant.id]);
    const again = await localLoadPlant(page, plant.id, access);
    expect(again.result.full).toBe(true);
    expect((await localCall<{ state_id: number }>(page, 'getById', 'element', second.id)).state_id).toBe(changedTo);
  });

  test('a download cancelled at once stores nothing and answers cancelled; the next one is full', async ({ page, request }) => {
    const { access } = await obtainTokens(request, ADMIN);
    const plant = await largestPlant(request, access);
    await openApp(page);
    await localCall(page, 'open');
    await localCall(page, 'reset');
    const cancelled = await page.evaluate(
      async ({ plantId, token }) => {
        const store = await (window as unknown as LocalStoreWindow).__heliotrackLocalStore();
        const load = store.loadPlant(plantId, { token, language: 'es' });
        load.cancel();
        try {
          await load.done;
          return null;
        } catch (error) {
          return { code: (error as { code?: string }).code, message: (error as Error).message };
        }
      },
      { plantId: plant.id, token: access },
    );
    expect(cancelled).toEqual({ code: 'cancelled', message: 'Download cancelled' });
    expect(await localCall(page, 'select', 'SELECT plant_id FROM plant_download')).toEqual([]);
    const { result } = await localLoadPlant(page, plant.id, access);
    expect(result.full).toBe(true);
    expect(result.done).toBe(plant.element_count);
  });

  test('every local operation and every message of the local database', async ({ page, context }) => {
    await openApp(page);
    await localCall(page, 'open');
    await localCall(page, 'reset');

    // Schema: version 19, version-15 columns and defaults as the specification lists them, plus our upgrades.
    expect(await localCall(page, 'version')).toBe(19);
    expect(await localCall(page, 'select', 'PRAGMA page_size')).toEqual([{ page_size: 16384 }]);
    const columns = async (table: string) => (await localCall<{ name: string }[]>(page, 'select', `SELECT name FROM pragma_table_info('${table}')`)).map((c) => c.name);
    expect(await columns('users')).toEqual(['id', 'name', 'active']);
    expect(await columns('element')).toEqual([
      'id', 'code', 'description', 'geom', 'last_state_change_contractor_id', 'state_id', 'type_id', 'updated_at', 'serial',
      'is_serial_invalid_length', 'is_serial_duplicated', 'is_serial_unregistered', 'plant_id', 'ctr_id', 'min_x', 'min_y', 'max_x', 'max_y',
    ]);
    expect(await columns('scans')).toEqual(['id', 'name', 'status', 'polyline', 'max_code_length']);
    expect(await columns('state')).toContain('is_active');
    expect(await columns('outbox')).toEqual([
      'client_uuid', 'user_id', 'kind', 'payload', 'status', 'attempts', 'refusal_code', 'refusal_reason', 'created_at', 'recorded_at',
    ]);
    expect(await columns('plant_download')).toContain('cursor');

    // insert (defaults applied, unknown fields dropped), get, select all, replace, update, delete.
    expect(await localCall(page, 'insertItem', 'users', { id: 7, name: 'Ana', not_a_column: 'x' })).toBe(7);
    expect(await localCall(page, 'getById', 'users', 7)).toEqual({ id: 7, name: 'Ana', active: 1 });
    expect(await localCall(page, 'insertItem', 'scans', { name: 'Fila 1' })).toBe(1);
    expect(await localCall(page, 'getById', 'scans', 1)).toEqual({ id: 1, name: 'Fila 1', status: 1, polyline: null, max_code_length: 14 });
    expect(await localFailure(page, 'insertItem', 'users', { id: 7, name: 'Otra' })).toEqual({
      code: 'add_no_last_id',
      message: 'DatabaseService.addItem: lastId not returned',
    });
    expect(await localCall(page, 'replaceItem', 'users', { id: 7, name: 'Ana B', active: 0 })).toBe(7);
    await localCall(page, 'updateItem', 'users', { id: 7, name: 'Ana C' });
    expect(await localCall(page, 'selectAll', 'users')).toEqual([{ id: 7, name: 'Ana C', active: 0 }]);
    expect(await localFailure(page, 'updateItem', 'users', { id: 99, name: 'Nadie' })).toEqual({
      code: 'no_rows_updated',
      message: 'No rows were updated for item with id 99',
    });
    await localCall(page, 'insertItem', 'outbox', { client_uuid: 'u-1', user_id: 7, kind: 'state_change', payload: { element_ids: [1] }, created_at: '2026-11-24T10:00:00Z' });
    const updateFailure = await localFailure(page, 'updateItem', 'outbox', { client_uuid: 'u-1', kind: null });
    expect(updateFailure?.code).toBe('update_failed');
    expect(updateFailure?.message).toMatch(/^Error updating item: .*NOT NULL constraint failed: outbox\.kind/);

    // Elements by type, state update, plant with client, element_to_scan by scan, delete by id.
    await localCall(page, 'bulkReplace', 'element', Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, code: `E${i}`, type_id: i % 2 ? 5 : 6, state_id: 1, plant_id: 3 })));
    expect((await localCall<unknown[]>(page, 'elementsByType', 5)).length).toBe(1250);
    expect(await localCall(page, 'updateElementState', Array.from({ length: 1500 }, (_, i) => i + 1), 4)).toBe(1500);
    expect((await localCall<unknown[]>(page, 'select', 'SELECT id FROM element WHERE state_id = 4')).length).toBe(1500);
    await localCall(page, 'insertItem', 'client', { id: 2, name: 'Solaria' });
    await localCall(page, 'insertItem', 'plant', { id: 3, client: 2, name: 'Planta', code: 'P3', is_serial_scan_enable: true });
    const joined = await localCall<{ name: string; client: { name: string }; is_serial_scan_enable: number }>(page, 'plantWithClient', 3);
    expect(joined.name).toBe('Planta');
    expect(joined.client.name).toBe('Solaria');
    expect(joined.is_serial_scan_enable).toBe(1);
    await localCall(page, 'bulkReplace', 'element_to_scan', [{ id: 1, scan_id: 1 }, { id: 2, scan_id: 1 }, { id: 3, scan_id: 2 }]);
    expect(await localCall(page, 'deleteElementsToScan', 1)).toBe(2);
    expect(await localCall(page, 'deleteById', 'element', 1)).toBe(1);

    // Unreadable geometry is logged and the element skipped, the rest still selected.
    const warnings: string[] = [];
    const listen = (msg: { text(): string }) => warnings.push(msg.text());
    page.on('console', listen);
    for (const worker of page.workers()) worker.on('console', listen);
    await localCall(page, 'bulkReplace', 'element', [
      { id: 9001, code: 'OK', type_id: 9, plant_id: 3, geom: 'LINESTRING(1 1, 2 2)', min_x: 1, min_y: 1, max_x: 2, max_y: 2 },
      { id: 9002, code: 'BAD', type_id: 9, plant_id: 3, geom: 'LINESTRING(1 1, two 2)', min_x: 1, min_y: 1, max_x: 2, max_y: 2 },
    ]);
    const inside = await localCall<Element[]>(page, 'elementsByPolygon', 3, 9, '0 0,3 0,3 3,0 3,0 0');
    expect(inside.map((el) => el.id)).toEqual([9001]);
    await expect.poll(() => warnings.some((w) => w.includes('element 9002 skipped: Invalid WKT format'))).toBe(true);
    // A malformed polygon fails with the domain's reason, as the server's 400.
    expect((await localFailure(page, 'elementsByPolygon', 3, 9, '0 0,1 1'))?.code).toBe('polygon');

    // Delete all: its failure message names the table.
    await localCall(page, 'exec', "CREATE TEMP TRIGGER keep_scans BEFORE DELETE ON scans BEGIN SELECT RAISE(ABORT, 'scans are kept'); END");
    const deleteFailure = await localFailure(page, 'deleteAll', 'scans');
    expect(deleteFailure?.code).toBe('delete_all_failed');
    expect(deleteFailure?.message).toMatch(/^Failed to delete all items from scans: .*scans are kept$/);
    await localCall(page, 'exec', 'DROP TRIGGER keep_scans');
    expect(await localCall(page, 'deleteAll', 'scans')).toBe(1);

    // Missing parameters and unknown tables.
    expect((await localFailure(page, 'getById', 'users', null))?.message).toBe('Missing parameters: id');
    expect((await localFailure(page, 'selectAll', 'sqlite_master'))?.code).toBe('missing_parameters');
    expect((await localFailure(page, 'updateElementState', [], 3))?.code).toBe('missing_parameters');

    // Clear all data keeps the outbox; drop all tables empties the schema.
    await localCall(page, 'clearAllData');
    for (const table of ['element', 'plant', 'client', 'users']) expect(await localCall(page, 'selectAll', table)).toEqual([]);
    expect((await localCall<unknown[]>(page, 'selectAll', 'outbox')).length).toBe(1);

    // A second tab gets the read-only message, not a second writer.
    const other = await context.newPage();
    await openApp(other);
    expect(await localFailure(other, 'open')).toEqual({
      code: 'read_only',
      message: 'The local database is open in another tab: it is read-only here. Close the other tab to work offline in this one.',
    });
    await other.close();

    // Not opened: after close every call says so; reset re-creates an empty database at the latest version.
    await localCall(page, 'close');
    expect(await localFailure(page, 'selectAll', 'users')).toEqual({ code: 'not_opened', message: 'The local database is not open' });
    await localCall(page, 'open');
    await localCall(page, 'dropAllTables');
    expect(await localCall(page, 'version')).toBe(0);
    await localCall(page, 'reset');
    expect(await localCall(page, 'version')).toBe(19);
    expect(await localCall(page, 'selectAll', 'outbox')).toEqual([]);
  });

  test('upgrades a version-15 database to the latest version, keeping its rows', async ({ page }) => {
    await openApp(page);
    await localCall(page, 'open');
    await localCall(page, 'dropAllTables');
    expect(await localCall(page, 'upgrade', 15)).toBe(15);
    expect(await localCall(page, 'select', "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'outbox'")).toEqual([]);
    await localCall(page, 'exec', "INSERT INTO element (id, code, type_id, state_id) VALUES (1, 'M-1', 5, 2)");
    await localCall(page, 'close');
    await localCall(page, 'open');
    expect(await localCall(page, 'version')).toBe(19);
    expect(await localCall(page, 'getById', 'element', 1)).toMatchObject({ id: 1, code: 'M-1', serial: '', plant_id: null, min_x: null });
    expect(await localCall(page, 'selectAll', 'outbox')).toEqual([]);
  });

  test('the .wasm is served by our server, never a CDN', async ({ page }) => {
    const wasm: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(r.url());
    });
    await openApp(page);
    await localCall(page, 'open');
    expect(wasm.length).toBeGreaterThan(0);
    for (const url of wasm) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  });
});
