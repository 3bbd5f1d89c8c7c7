import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  coordinatesOf,
  expect,
  fitMap,
  mainMenu,
  obtainTokens,
  pageHeading,
  renderedStates,
  signInViaApi,
  test,
  waitForMapIdle,
  type MapWindow,
  stateChangeOutcome,
} from '../fixtures';

/**
 * Issue 4 on the map: draw a polygon around some trackers, change the state of what it selected, and
 * see the new colour on the map. The map's rendered features are read through the MapLibre map the
 * page exposes to automated browsers (window.__heliotrackMap, only when navigator.webdriver is set).
 * The dashboard's situation map (window.__heliotrackSituationMap) draws the same tiles: both follow a
 * state change at once, because both ask for the tiles of the plant's elements_version.
 */

const SITUATION_MAP = '__heliotrackSituationMap';

/** The v= of every vector tile of the plant the page asks for, in order ('none' for a tile without). */
function recordTileVersions(page: Page, plantId: number): string[] {
  const versions: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(`/api/plants/${plantId}/tiles/`) && url.pathname.endsWith('.pbf')) {
      versions.push(url.searchParams.get('v') ?? 'none');
    }
  });
  return versions;
}

interface Plant {
  id: number;
  name: string;
  element_count: number;
  elements_version: number;
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
  state_id: number | null;
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
  return { access, plant, types, states, trackers, notOk, list: list.results, targets, nextColumnX };
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
    await fitMap(
      page,
      [
        [west, south],
        [east, north],
      ],
      { padding: { top: 80, bottom: 80, left: 200, right: 200 } },
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
    const selected = ((await (await byPolygon).json()) as { ids: number[] }).ids;

    // Exactly those trackers: all their vertices are inside; the next column, 6 m away, and the next
    // tracker of each column, 5 m south, are not.
    const byId = (a: number, b: number) => a - b;
    expect([...selected].sort(byId)).toEqual(targets.map((element) => element.id).sort(byId));
    const status = page.getByRole('status').filter({ hasText: 'seleccionados' });
    await expect(status).toHaveText(`${selected.length} elementos seleccionados (${trackers.name})`);
    // The map outlines them from the ids alone: a feature state on the tiles' own features.
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
      selected,
    );
    expect(marked.sort(byId)).toEqual([...selected].sort(byId));

    await page.getByRole('button', { name: 'Cambiar estado', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Cambio masivo de ${selected.length} elementos` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: 'No OK' }).click();
    await dialog.getByRole('button', { name: `Cambiar ${selected.length} elementos` }).click();
    await expect(stateChangeOutcome(dialog, `${selected.length} elementos actualizados`)).toBeVisible();
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

  test('trackers selected by their codes, with the keyboard only: the map outlines exactly them (issue 34)', async ({
    page,
    request,
  }) => {
    const { plant, trackers, list } = await plantAndTrackers(request);
    const chosen = list.slice(3, 6);
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements-map?type=TRA`);
    await expect(pageHeading(page)).toHaveText('Mapa de elementos');
    await waitForMapIdle(page);

    // Tab to the tool and open it with the keyboard; a pasted column with a repeat and a code that is not there.
    const open = page.getByRole('button', { name: 'Seleccionar por código' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Seleccionar por código · ${trackers.name}` });
    await expect(dialog.getByRole('textbox', { name: 'Códigos' })).toBeFocused();
    await page.keyboard.type([...chosen.map((e) => e.code), chosen[0].code, 'NO-EXISTE-1'].join('\n'));
    const ids = page.waitForResponse((response) => /\/trackers\/ids\//.test(response.url()));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Seleccionar' })).toBeFocused();
    await page.keyboard.press('Enter');
    const selected = ((await (await ids).json()) as { ids: number[] }).ids;
    await expect(dialog).toBeHidden();

    const byId = (a: number, b: number) => a - b;
    expect([...selected].sort(byId)).toEqual(chosen.map((e) => e.id).sort(byId));
    await expect(page.getByText('3 de 4 códigos encontrados.')).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'seleccionados' });
    await expect(status).toHaveText(`3 elementos seleccionados (${trackers.name})`);
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
      selected,
    );
    expect(marked.sort(byId)).toEqual([...selected].sort(byId));

    // Codes none of which is a tracker: the reason, in the dialog, and the selection unchanged.
    await open.click();
    await dialog.getByRole('textbox', { name: 'Códigos' }).fill('NO-EXISTE-1, NO-EXISTE-2');
    await dialog.getByRole('button', { name: 'Seleccionar' }).click();
    await expect(
      dialog.getByText(`Ningún elemento de tipo ${trackers.name} tiene esos códigos.`),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(status).toHaveText(`3 elementos seleccionados (${trackers.name})`);
  });

  test('a click on an element opens its detail with its history', async ({ page, request }) => {
    const { plant, targets } = await plantAndTrackers(request);
    const tracker = targets[0];
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements-map`);
    await waitForMapIdle(page);
    const [west, north] = coordinatesOf(tracker.geom)[0];
    const [, south] = coordinatesOf(tracker.geom)[1];
    const center: [number, number] = [west, (north + south) / 2];
    await fitMap(page, [center, center], { maxZoom: 19 });
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

  test('a state change shows at once on the element map and on the dashboard’s situation map', async ({
    page,
    request,
  }) => {
    const { access, plant, types, states, trackers, notOk, list, targets } = await plantAndTrackers(request);
    const colorOf = (stateId: number | null) => states.find((state) => state.id === stateId)?.color;
    // A tracker the other tests leave alone, in a state drawn in another colour than No OK.
    const tracker = [...list]
      .reverse()
      .find(
        (element) =>
          element.state_id !== null &&
          !targets.some((target) => target.id === element.id) &&
          colorOf(element.state_id) !== notOk.color,
      )!;
    expect(tracker, 'a tracker that is not drawn in the No OK colour').toBeTruthy();
    const { elements_version: versionBefore } = await apiGet<Plant>(
      request,
      `/api/plants/${plant.id}/`,
      access,
    );
    const drawnBefore = { id: tracker.id, state: tracker.state_id, color: colorOf(tracker.state_id) };
    const drawnAfter = { id: tracker.id, state: notOk.id, color: notOk.color };
    const points = coordinatesOf(tracker.geom);
    const trackerBounds: [[number, number], [number, number]] = [
      [Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1]))],
      [Math.max(...points.map((p) => p[0])), Math.max(...points.map((p) => p[1]))],
    ];
    const tileVersions = recordTileVersions(page, plant.id);
    /** The tracker as the situation map draws it, zoomed in on it (the map is remade when the figures come). */
    const onSituationMap = async () => {
      await waitForMapIdle(page, SITUATION_MAP);
      await fitMap(page, trackerBounds, { maxZoom: 17 }, SITUATION_MAP);
      await waitForMapIdle(page, SITUATION_MAP);
      return renderedStates(page, [tracker.id], SITUATION_MAP);
    };

    // The dashboard draws the tracker in its state's colour, from the tiles of the plant's version.
    await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect.poll(onSituationMap).toEqual([drawnBefore]);
    expect(tileVersions.length).toBeGreaterThan(0);
    expect(new Set(tileVersions), 'the situation map asks for the plant’s version').toEqual(
      new Set([String(versionBefore)]),
    );

    // Through the menu, without a reload: the plant's element map, with trackers only, so that a click
    // on the tracker hits it and not its strings, modules or piles.
    await mainMenu(page).getByRole('link', { name: 'Plantas' }).click();
    await page.getByRole('link', { name: `Mapa: ${plant.name}`, exact: true }).click();
    await expect(pageHeading(page)).toHaveText('Mapa de elementos');
    await waitForMapIdle(page);
    for (const type of types.filter((item) => item.id !== trackers.id)) {
      await page.getByRole('checkbox', { name: type.name, exact: true }).uncheck();
    }
    const centre: [number, number] = [points[0][0], (points[0][1] + points[1][1]) / 2];
    await fitMap(page, [centre, centre], { maxZoom: 19 });
    await waitForMapIdle(page);
    expect(await renderedStates(page, [tracker.id])).toEqual([drawnBefore]);
    expect(new Set(tileVersions), 'the element map asks for the plant’s version').toEqual(
      new Set([String(versionBefore)]),
    );

    // The person changes its state from its detail.
    const point = await page.evaluate(
      (lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat),
      centre,
    );
    const canvas = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
    await page.mouse.click(canvas.x + point.x, canvas.y + point.y);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading')).toHaveText(tracker.code);
    await drawer.getByRole('button', { name: 'Cambiar estado' }).click();
    const dialog = page.getByRole('dialog', { name: `Cambiar el estado de ${tracker.code}` });
    await dialog.getByLabel('Estado nuevo').click();
    await page.getByRole('option', { name: 'No OK' }).click();
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/trackers/${tracker.id}/state-change/`) &&
        response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Cambiar estado', exact: true }).click();
    const { elements_version: versionAfter } = (await (await answer).json()) as { elements_version: number };
    expect(versionAfter).toBeGreaterThan(versionBefore);
    await expect(stateChangeOutcome(dialog, '1 elemento actualizado')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).last().click();

    // At once, without a reload: the tiles of the new version, the tracker in the No OK colour.
    await expect.poll(() => tileVersions.includes(String(versionAfter))).toBe(true);
    await expect
      .poll(async () => {
        await waitForMapIdle(page);
        return renderedStates(page, [tracker.id]);
      })
      .toEqual([drawnAfter]);

    // Back on the dashboard through the menu: the situation map asks for the new version only and
    // draws the new colour, though the dashboard and the plant were read before the change.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    const seenBefore = tileVersions.length;
    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect.poll(onSituationMap).toEqual([drawnAfter]);
    expect(new Set(tileVersions.slice(seenBefore)), 'the situation map asks for the new version').toEqual(
      new Set([String(versionAfter)]),
    );
  });
});
