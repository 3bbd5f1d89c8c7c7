import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  apiGet,
  coordinatesOf,
  expect,
  localCall,
  localLoadPlant,
  mainMenu,
  pageHeading,
  renderedStates,
  signInViaApi,
  TECHNICIAN,
  test,
  waitForMapIdle,
  type MapWindow,
  stateChangeOutcome,
} from '../fixtures';

/**
 * Issue 16 (Offline III), the offline shell: after one online visit the service worker has the whole
 * app, so with the network cut a reload opens it, /plants lists the downloaded plant, the offline
 * map draws the plant from local tiles (MapLibre's local-tile protocol on the local database) and
 * selects by polygon with the same rule as the server, and the screens that need the server say so.
 * This spec lets the service worker run; every other spec blocks it (playwright.config.ts).
 */
test.use({ serviceWorkers: 'allow' });

interface Plant {
  id: number;
  name: string;
  code: string;
  element_count: number;
}
interface ElementType {
  id: number;
  code: string;
  name: string;
  path: string | null;
}
interface Element {
  id: number;
  code: string;
  geom: string;
}

interface HistoryItem {
  state: { id: number };
  element_count: number;
  created_at: string;
  recorded_at: string | null;
}

type LocalTilesWindow = Window & {
  __heliotrackLocalTiles?: { answered: number; bytes: number; failed: number };
};

/** Where to keep the screenshots a person looks at (SHOTS_DIR), if anywhere. */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** A polygon around the first half of the plant's tracker columns, its edges in the gaps between columns. */
function westTrackersPolygon(trackers: Element[]) {
  const xOf = (element: Element) => coordinatesOf(element.geom)[0][0];
  const columns = [...new Set(trackers.map(xOf))].sort((a, b) => a - b);
  expect(columns.length, 'the demo plant has several tracker columns').toBeGreaterThan(3);
  const half = Math.floor(columns.length / 2);
  const points = trackers.flatMap((element) => coordinatesOf(element.geom));
  const west = Math.min(...points.map(([x]) => x)) - 0.00004;
  const east = (columns[half - 1] + columns[half]) / 2;
  const south = Math.min(...points.map(([, y]) => y)) - 0.00004;
  const north = Math.max(...points.map(([, y]) => y)) + 0.00004;
  const ring: [number, number][] = [
    [west, north],
    [east, north],
    [east, south],
    [west, south],
  ];
  const wkt = [...ring, ring[0]].map(([x, y]) => `${x} ${y}`).join(',');
  return { ring, wkt };
}

/** Draws the ring on the map with the polygon tool: a click per corner, then one on the first. */
async function drawPolygon(page: Page, ring: [number, number][], buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
  const corners = await page.evaluate(
    (lngLats) => lngLats.map((lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat)),
    ring,
  );
  const points = corners.map(({ x, y }) => ({ x: box.x + x, y: box.y + y }));
  for (const { x, y } of points) {
    await page.mouse.move(x, y, { steps: 3 });
    await page.mouse.click(x, y);
  }
  await page.mouse.move(points[0].x, points[0].y, { steps: 3 });
  await page.mouse.click(points[0].x, points[0].y);
}

test.describe('offline shell (Offline III) @once', () => {
  test('after one online visit the app reloads offline: the plants, the offline map from local tiles, a polygon massive change kept across a reload and synced once, and the screens that need a connection', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const { tokens } = await signInViaApi(page, request, TECHNICIAN, '/plants');
    const access = tokens.access;
    await expect(pageHeading(page)).toHaveText('Plantas');

    // The service worker is active once it has precached the whole build.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');

    // The demo's 1 MWp plant, downloaded into the local database.
    const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
    const plant = plants.find((item) => item.code === 'CAR-01')!;
    expect(plant, 'the demo 1 MWp plant').toBeTruthy();
    const { result } = await localLoadPlant(page, plant.id, access);
    expect(result.done).toBe(plant.element_count);

    // The server's by-polygon answer, taken while online, for a polygon over the western trackers.
    const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
    const trackerType = types.find((type) => type.code === 'TRA')!;
    const trackers = await apiGet<{ results: Element[] }>(
      request,
      `/api/plants/${plant.id}/${trackerType.path}/?page_size=1000&ordering=code`,
      access,
    );
    const polygon = westTrackersPolygon(trackers.results);
    const server = await apiGet<{ count: number; ids: number[] }>(
      request,
      `/api/plants/${plant.id}/${trackerType.path}/by-polygon/?fields=id&polygon=${encodeURIComponent(polygon.wkt)}`,
      access,
    );
    expect(server.count).toBeGreaterThan(1);
    expect(server.count).toBeLessThan(trackers.results.length);

    // No network from here on, offline mode on (the stored flag), and a reload.
    await page.evaluate(() => localStorage.setItem('offline_mode', 'true'));
    const networkTiles: string[] = [];
    page.on('request', (req) => {
      if (/^\/api\/plants\/\d+\/tiles\/\d+/.test(new URL(req.url()).pathname)) networkTiles.push(req.url());
    });
    await context.setOffline(true);
    await page.goto('/');

    // The app opens from the service worker and starts on the plants, listed from the device.
    await expect(page).toHaveURL(/\/plants$/);
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(page.getByText(plant.name).first()).toBeVisible();
    await expect(
      page.getByText('Modo sin conexion: Algunas caracteristicas estan desactivadas'),
    ).toBeVisible();
    await shot(page, 'plants-offline-es-desktop');

    // A deep link to an app route falls back to the cached index.html. The online map offers the
    // offline one while offline mode is on.
    await page.goto(`/plants/${plant.id}/elements-map?type=TRA`);
    await page.getByRole('link', { name: 'Abrir el mapa sin conexión' }).click();
    await expect(page).toHaveURL(new RegExp(`/plants/${plant.id}/elements-map-offline`));
    await expect(pageHeading(page)).toHaveText('Mapa sin conexión');

    // The map draws the local tiles: the protocol answered them, none failed, features are drawn.
    await waitForMapIdle(page);
    const tiles = await page.evaluate(() => (window as LocalTilesWindow).__heliotrackLocalTiles);
    expect(tiles?.answered ?? 0).toBeGreaterThan(0);
    expect(tiles?.bytes ?? 0).toBeGreaterThan(0);
    expect(tiles?.failed).toBe(0);
    const drawn = await page.evaluate(
      () => (window as MapWindow).__heliotrackMap!.queryRenderedFeatures().length,
    );
    expect(drawn, 'features rendered from local tiles').toBeGreaterThan(10);

    // Polygon selection, offline: the same trackers as the server's answer, counted and outlined.
    await drawPolygon(page, polygon.ring, 'Seleccionar por polígono');
    const status = page.getByRole('status').filter({ hasText: 'seleccionados' });
    await expect(status).toHaveText(`${server.count} elementos seleccionados (${trackerType.name})`);
    const marked = await page.evaluate(
      (ids) =>
        ids.filter(
          (id) =>
            (window as MapWindow).__heliotrackMap!.getFeatureState({
              source: 'elements',
              sourceLayer: 'elements',
              id,
            }).selected === true,
        ),
      server.ids,
    );
    expect(marked.sort((a, b) => a - b)).toEqual([...server.ids].sort((a, b) => a - b));
    await shot(page, 'offline-map-es-desktop');

    // The massive change, offline: the shared dialog, the write stored in the outbox, and the local
    // tiles drawn again with the new state.
    // A trackers' state the technician may record (the download's RUC rule) that needs no other first.
    const states = await apiGet<
      { id: number; name: string; element_type: number; depends_on: number | null }[]
    >(request, `/api/plants/${plant.id}/states/`, access);
    const [download] = await localCall<{ recordable_state_ids: string }[]>(
      page,
      'select',
      'SELECT recordable_state_ids FROM plant_download WHERE plant_id = ?',
      [plant.id],
    );
    const recordable = JSON.parse(download.recordable_state_ids) as number[];
    const newState = states.find(
      (state) =>
        state.element_type === trackerType.id && state.depends_on === null && recordable.includes(state.id),
    )!;
    expect(newState, 'a state the technician may record on trackers').toBeTruthy();
    const changeStarted = Date.now();
    await page.getByRole('button', { name: 'Cambiar estado', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cambio masivo de ${server.count} elementos` });
    await dialog.getByLabel('Estado nuevo').click();
    await page
      .getByRole('option')
      .filter({ has: page.getByText(newState.name, { exact: true }) })
      .click();
    await dialog.getByRole('button', { name: `Cambiar ${server.count} elementos` }).click();
    await expect(stateChangeOutcome(dialog, `${server.count} elementos actualizados`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    expect(await localCall(page, 'countOutbox')).toEqual({ waiting: 1, refused: 0 });
    // The offline map draws every selected element in the new state.
    const mapShowsTheChange = () =>
      expect
        .poll(async () => {
          await waitForMapIdle(page);
          return (await renderedStates(page, server.ids)).filter((feature) => feature.state === newState.id)
            .length;
        })
        .toBe(server.count);
    await mapShowsTheChange();
    const changeMade = Date.now();

    // Closed and opened again, still offline: the change still waits and the map keeps the new state.
    await page.reload();
    await expect(pageHeading(page)).toHaveText('Mapa sin conexión');
    const badge = page.getByRole('button', { name: 'Cambios pendientes: 1', exact: true });
    await expect(badge).toBeVisible();
    await mapShowsTheChange();

    // The network is back: the device syncs by itself, without "Sincronizar" (issue 38), and each
    // element's history on the server holds the change exactly once, with the time the technician
    // made it (before the sync sent it).
    const networkBack = Date.now();
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Cambios pendientes: 0', exact: true })).toBeVisible({
      timeout: 60_000,
    });
    console.log(`network back to "Cambios pendientes: 0": ${Date.now() - networkBack} ms`);
    for (const id of server.ids) {
      const changes = await apiGet<{ results: HistoryItem[] }>(
        request,
        `/api/elements/${id}/state-changes/?page_size=100`,
        access,
      );
      const mine = changes.results.filter(
        (h) => h.state.id === newState.id && Date.parse(h.created_at) >= changeStarted,
      );
      expect(mine, `element ${id}: the offline change, once`).toHaveLength(1);
      expect(mine[0].element_count).toBe(server.count);
      const recorded = Date.parse(mine[0].recorded_at!);
      expect(recorded).toBeGreaterThanOrEqual(changeStarted);
      expect(recorded).toBeLessThanOrEqual(changeMade);
      expect(recorded).toBeLessThan(Date.parse(mine[0].created_at));
    }
    expect(await localCall(page, 'countOutbox')).toEqual({ waiting: 0, refused: 0 });
    await context.setOffline(true);

    // A screen that needs the server says so, and the menu marks it.
    await page.goto('/dashboard');
    await expect(page.getByText('Esta pantalla necesita conexión')).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: /Dashboard/ })).toContainText('Necesita conexión');
    await shot(page, 'needs-connection-es-desktop');

    // The same screens on a 390x844 phone in Spanish and English, and on the desktop in English.
    for (const [language, width, height] of [
      ['es', 390, 844],
      ['en', 390, 844],
      ['en', 1280, 720],
    ] as const) {
      const device = width < 500 ? 'phone' : 'desktop';
      await page.setViewportSize({ width, height });
      await page.evaluate((language) => localStorage.setItem('currentLang', language), language);
      await page.goto(`/plants/${plant.id}/elements-map-offline?type=TRA`);
      await expect(pageHeading(page)).toHaveText(language === 'es' ? 'Mapa sin conexión' : 'Offline map');
      await waitForMapIdle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `no sideways scroll on the offline map (${language}, ${device})`).toBeLessThanOrEqual(
        0,
      );
      await shot(page, `offline-map-${language}-${device}`);
      await page.goto('/equipment');
      await expect(
        page.getByText(
          language === 'es' ? 'Esta pantalla necesita conexión' : 'This screen needs a connection',
        ),
      ).toBeVisible();
      await shot(page, `needs-connection-${language}-${device}`);
      await page.goto('/plants');
      await expect(page.getByText(plant.name).first()).toBeVisible();
      await shot(page, `plants-offline-${language}-${device}`);
    }

    // No tile was asked of the network while offline.
    expect(networkTiles).toEqual([]);
  });

  test('"Disponible sin conexión" only once the app itself is cached: a reload offline right after the download opens the app (issue 38)', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    // The first visit of this browser profile: the service worker is still precaching the build
    // while the small plant downloads in a second or two.
    const { tokens } = await signInViaApi(page, request, TECHNICIAN, '/plants');
    const plants = await apiGet<Plant[]>(request, '/api/plants/', tokens.access);
    const plant = plants.find((item) => item.code === 'CAR-01')!;
    const card = page.getByRole('article', { name: plant.name, exact: true });
    await card
      .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
      .click();
    await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 60_000 });

    // At once: no network, offline mode on, reload. The app opens from the worker's cache.
    await page.evaluate(() => localStorage.setItem('offline_mode', 'true'));
    await context.setOffline(true);
    await page.reload();
    await expect(pageHeading(page)).toHaveText('Plantas');
    await expect(
      page.getByRole('article', { name: plant.name, exact: true }).getByText('Disponible sin conexión'),
    ).toBeVisible();
  });
});
