import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiGet, expect, obtainTokens, pageHeading, signInViaApi, test } from '../fixtures';

/**
 * Issue 4 on the map: draw a polygon around some trackers, change the state of what it selected, and
 * see the new colour on the map. The map's rendered features are read through the MapLibre map the
 * page exposes to automated browsers (window.__heliotrackMap, only when navigator.webdriver is set).
 */

interface Plant {
  id: number;
  element_count: number;
}
interface State {
  id: number;
  element_type: number;
  code: string;
  color: string;
}
interface ElementType {
  id: number;
  code: string;
  name: string;
}
interface Element {
  id: number;
  code: string;
  geom: string;
}
interface RenderedFeature {
  id: number;
  state: number;
  color: string;
}

/** What the specs need of MapLibre's map, so they do not depend on its types. */
interface TestMap {
  loaded(): boolean;
  areTilesLoaded(): boolean;
  isMoving(): boolean;
  project(lngLat: [number, number]): { x: number; y: number };
  fitBounds(bounds: [[number, number], [number, number]], options: Record<string, unknown>): void;
  queryRenderedFeatures(
    options?: Record<string, unknown>,
  ): { id?: number | string; properties: Record<string, unknown> }[];
}
type MapWindow = Window & { __heliotrackMap?: TestMap };

async function waitForMapIdle(page: Page) {
  await page.waitForFunction(() => {
    const map = (window as MapWindow).__heliotrackMap;
    return !!map && map.loaded() && map.areTilesLoaded() && !map.isMoving();
  });
}

function renderedStates(page: Page, ids: number[]): Promise<RenderedFeature[]> {
  return page.evaluate((wanted) => {
    const map = (window as MapWindow).__heliotrackMap!;
    const seen = new Map<number, RenderedFeature>();
    for (const feature of map.queryRenderedFeatures()) {
      const id = Number(feature.id);
      if (wanted.includes(id)) {
        seen.set(id, {
          id,
          state: Number(feature.properties.state),
          color: String(feature.properties.color),
        });
      }
    }
    return [...seen.values()];
  }, ids);
}

function coordinatesOf(wkt: string): [number, number][] {
  return [...wkt.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

async function plantAndTrackers(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.reduce((largest, item) =>
    item.element_count > largest.element_count ? item : largest,
  );
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const trackers = types.find((type) => type.code === 'TRA')!;
  const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
  const notOk = states.find((state) => state.element_type === trackers.id && state.code === 'NOK')!;
  // The northernmost trackers of the first two columns of the first block: side by side, 6 m apart.
  const list = await apiGet<{ results: Element[] }>(
    request,
    `/api/plants/${plant.id}/trackers/?page_size=1000&ordering=code`,
    access,
  );
  const block = list.results[0].code.split('-')[0];
  const blockTrackers = list.results.filter((element) => element.code.startsWith(`${block}-`));
  const xOf = (element: Element) => coordinatesOf(element.geom)[0][0];
  const northOf = (element: Element) => Math.max(...coordinatesOf(element.geom).map(([, y]) => y));
  const columnsX = [...new Set(blockTrackers.map(xOf))].sort((a, b) => a - b);
  const targets = columnsX
    .slice(0, 2)
    .map(
      (x) => blockTrackers.filter((element) => xOf(element) === x).sort((a, b) => northOf(b) - northOf(a))[0],
    );
  const nextColumnX = columnsX[2];
  return { plant, trackers, notOk, targets, nextColumnX };
}

test.describe('elements map', () => {
  test('trackers selected with a drawn polygon change state and the map shows their new colour', async ({
    page,
    request,
  }) => {
    const { plant, trackers, notOk, targets, nextColumnX } = await plantAndTrackers(request);
    expect(targets.length).toBeGreaterThan(1);
    const points = targets.flatMap((element) => coordinatesOf(element.geom));
    const west = Math.min(...points.map((p) => p[0]));
    const east = Math.max(...points.map((p) => p[0]));
    const south = Math.min(...points.map((p) => p[1]));
    const north = Math.max(...points.map((p) => p[1]));

    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements-map?type=TRA`);
    await expect(pageHeading(page)).toHaveText('Mapa de elementos');
    await waitForMapIdle(page);
    // The person zooms in on the trackers they want.
    await page.evaluate(
      (bounds) =>
        (window as MapWindow).__heliotrackMap!.fitBounds(bounds, {
          padding: { top: 80, bottom: 80, left: 200, right: 200 },
          animate: false,
        }),
      [
        [west, south],
        [east, north],
      ] as [[number, number], [number, number]],
    );
    await waitForMapIdle(page);

    const before = await renderedStates(
      page,
      targets.map((element) => element.id),
    );
    expect(before.length, 'the trackers are drawn from the tiles').toBe(targets.length);
    expect(
      before.some((feature) => feature.state !== notOk.id),
      'some tracker is not No OK yet',
    ).toBe(true);

    // Draw a rectangle around the trackers: four clicks, then a click on the first point closes it.
    await page.getByRole('button', { name: 'Seleccionar por polígono' }).click();
    await expect(page.getByText('Haz clic para añadir vértices', { exact: false })).toBeVisible();
    const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
    const corners = await page.evaluate(
      (lngLats) => lngLats.map((lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat)),
      [
        [west, north],
        [east, north],
        [east, south],
        [west, south],
        [nextColumnX, north],
      ] as [number, number][],
    );
    // Well inside the gap to the next column of trackers, so that only these two are selected.
    const spacing = Math.abs(corners[4].x - corners[1].x);
    const margin = Math.max(4, Math.min(12, spacing / 2 - 2));
    const ring = [
      [corners[0].x - margin, corners[0].y - margin],
      [corners[1].x + margin, corners[1].y - margin],
      [corners[2].x + margin, corners[2].y + margin],
      [corners[3].x - margin, corners[3].y + margin],
    ].map(([x, y]) => ({ x: box.x + x, y: box.y + y }));
    const byPolygon = page.waitForResponse((response) => response.url().includes('/trackers/by-polygon'));
    for (const { x, y } of ring) {
      await page.mouse.move(x, y, { steps: 3 });
      await page.mouse.click(x, y);
    }
    await page.mouse.move(ring[0].x, ring[0].y, { steps: 3 });
    await page.mouse.click(ring[0].x, ring[0].y);
    const selected = ((await (await byPolygon).json()) as Element[]).map((element) => element.id);

    // Exactly those trackers: all their vertices are inside; the next column, 6 m away, and the next
    // tracker of each column, 5 m south, are not.
    const byId = (a: number, b: number) => a - b;
    expect([...selected].sort(byId)).toEqual(targets.map((element) => element.id).sort(byId));
    const status = page.getByRole('status').filter({ hasText: 'seleccionados' });
    await expect(status).toHaveText(`${selected.length} elementos seleccionados (${trackers.name})`);

    await page.getByRole('button', { name: 'Cambiar estado', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cambio masivo de ${selected.length} elementos` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: 'No OK' }).click();
    await dialog.getByRole('button', { name: `Cambiar ${selected.length} elementos` }).click();
    await expect(dialog.getByRole('status')).toContainText(`${selected.length} elementos actualizados`);
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(page.getByText('Dibuja un polígono para seleccionar elementos.')).toBeVisible();

    // The tiles reload: every selected tracker is now drawn in the No OK colour.
    await expect
      .poll(async () => {
        await waitForMapIdle(page);
        return renderedStates(page, selected);
      })
      .toEqual(expect.arrayContaining(selected.map((id) => ({ id, state: notOk.id, color: notOk.color }))));
  });

  test('a click on an element opens its detail with its history', async ({ page, request }) => {
    const { plant, targets } = await plantAndTrackers(request);
    const tracker = targets[0];
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements-map`);
    await waitForMapIdle(page);
    const [west, north] = coordinatesOf(tracker.geom)[0];
    const [, south] = coordinatesOf(tracker.geom)[1];
    await page.evaluate(
      (center) =>
        (window as MapWindow).__heliotrackMap!.fitBounds([center, center], { maxZoom: 19, animate: false }),
      [west, (north + south) / 2] as [number, number],
    );
    await waitForMapIdle(page);
    const point = await page.evaluate((lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat), [
      west,
      (north + south) / 2,
    ] as [number, number]);
    const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
    await page.mouse.click(box.x + point.x, box.y + point.y);

    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading')).toHaveText(/^B\d+-T\d+/);
    await expect(drawer.getByRole('img', { name: /^Geometría de / })).toBeVisible();
    await expect(drawer.getByText('Historial')).toBeVisible();
  });
});
