import type { APIRequestContext, Page } from '@playwright/test';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { ADMIN, apiGet, bearer, expect, localCall, localFailure, localLoadPlant, obtainTokens, test, type LocalStoreWindow } from '../fixtures';
import {
  everyOperationAndMessage,
  outboxOperations,
  pendingDocumentOperations,
  upgradeFromVersion15,
  type ConformanceTarget,
} from '../fixtures/local-database-conformance';

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

/** The page's local store for the conformance suite; the worker's console warnings are collected from the start. */
function localTarget(page: Page): ConformanceTarget {
  const warnings: string[] = [];
  const listen = (msg: { text(): string }) => warnings.push(msg.text());
  page.on('console', listen);
  page.on('worker', (worker) => worker.on('console', listen));
  for (const worker of page.workers()) worker.on('console', listen);
  return {
    call: (op, ...args) => localCall(page, op, ...args),
    failure: (op, ...args) => localFailure(page, op, ...args),
    warned: (text) => expect.poll(() => warnings.some((w) => w.includes(text))).toBe(true),
  };
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

test.describe('local database (Offline II) @once', () => {
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
    // The same plant, but for the count of unresolved sync reviews: an office figure, read online
    // only (the device would show a count frozen at its download).
    const { unresolved_sync_reviews: _reviews, ...online } = await apiGet<{ unresolved_sync_reviews?: number }>(
      request,
      `/api/plants/${plant.id}/`,
      access,
    );
    expect(await localCall(page, 'getPlant', plant.id)).toEqual(online);
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
    // The overview tile of the first tracker, asked once before the change: the device keeps it.
    const [lon, lat] = first.geom.replace(/^[^(]*\(+/, '').split(/[ ,]+/).map(Number);
    const { x: tileX, y: tileY } = lonLatToTile(lon, lat, 15);
    const trackerFeature = (bytes: Uint8Array) => tileFeatures(bytes).find((f) => f.id === first.id);
    const localTile = async () => new Uint8Array(Object.values(await localCall<Uint8Array>(page, 'plantTile', plant.id, 15, tileX, tileY)));
    expect(trackerFeature(await localTile())).toBeDefined();
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
    // The map shows the change at once: the overview copy and the kept tiles follow the write.
    expect(trackerFeature(await localTile())).toEqual(trackerFeature(await serverTile(request, access, plant.id, 15, tileX, tileY)));

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

  // The conformance suite shared with the Capacitor SQLite implementation (fixtures/local-database-conformance.ts).
  test('every local operation and every message of the local database', async ({ page, context }) => {
    await openApp(page);
    await everyOperationAndMessage(localTarget(page), expect, {
      // sqlite-wasm's own: 16 KB pages (sqlite-wasm-database.ts).
      afterSchema: async () => expect(await localCall(page, 'select', 'PRAGMA page_size')).toEqual([{ page_size: 16384 }]),
      // A second tab gets the read-only message, not a second writer.
      beforeClose: async () => {
        const other = await context.newPage();
        await openApp(other);
        expect(await localFailure(other, 'open')).toEqual({
          code: 'read_only',
          message: 'The local database is open in another tab: it is read-only here. Close the other tab to work offline in this one.',
        });
        await other.close();
      },
    });
  });

  test('keeps the changes to send in the outbox', async ({ page }) => {
    await openApp(page);
    await outboxOperations(localTarget(page), expect);
  });

  test('keeps documents chosen for an offline change until their change leaves', async ({ page }) => {
    await openApp(page);
    await pendingDocumentOperations(localTarget(page), expect);
  });

  test('upgrades a version-15 database to the latest version, keeping its rows', async ({ page }) => {
    await openApp(page);
    await upgradeFromVersion15(localTarget(page), expect);
  });

  test('the .wasm is served by our server, never a CDN', async ({ page }) => {
    // Responses, not requests: a .wasm path our server answers with index.html must fail here too.
    const wasm: { url: string; status: number; type: string | undefined }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] });
    });
    await openApp(page);
    await localCall(page, 'open');
    await expect.poll(() => wasm.length).toBeGreaterThan(0);
    for (const { url, status, type } of wasm) {
      expect(new URL(url).origin).toBe(new URL(page.url()).origin);
      expect(status).toBe(200);
      expect(type?.split(';')[0]).toBe('application/wasm');
    }
  });
});
