import type { Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  expect,
  fitMap,
  KEYS,
  renderedStates,
  signInViaApi,
  test,
  waitForMapIdle,
  type MapWindow,
} from '../fixtures';
import { type Bounds, layoutDxf, pmtilesArchive, smallestPlant, tilesCovering } from '../fixtures/imagery';

/*
 * Issue 37 in the web: an administrator uploads a drone orthophoto (a PMTiles archive made here) and
 * the plant's map draws it under the elements, asking the API for its raster tiles; then a DXF made
 * here goes through the import wizard's preview and import, and its elements are on the map.
 */

interface Element {
  id: number;
  code: string;
}

/** Style layer ids in drawing order (the first is drawn first, under the others). */
function styleLayerIds(page: Page) {
  return page.evaluate(() => {
    const map = (window as unknown as { __heliotrackMap?: { getStyle(): { layers: { id: string }[] } } })
      .__heliotrackMap;
    return map ? map.getStyle().layers.map((layer) => layer.id) : [];
  });
}

async function screenshot(page: Page, name: string) {
  // Only when asked (E2E_SCREENSHOTS=<folder>): pictures to look at, not assertions.
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png` });
}

/** The same file up to the preview in English, in another page, for the screenshots only. */
async function wizardInEnglish(page: Page, dxf: string) {
  const english = await page.context().newPage();
  await english.goto(page.url());
  await english.evaluate((key) => localStorage.setItem(key, 'en'), KEYS.language);
  await english.reload();
  await english.getByRole('tab', { name: 'Import layout' }).click();
  await english.locator('input[type="file"][accept=".dxf,.kml,.kmz"]').setInputFiles({
    name: 'layout.dxf',
    mimeType: 'application/dxf',
    buffer: Buffer.from(dxf),
  });
  await english.getByRole('button', { name: 'Read the file' }).click();
  await english.getByRole('combobox', { name: 'Element type of E2E-TRACKERS' }).selectOption('TRA');
  await english.getByRole('combobox', { name: 'Element type of E2E-PILES' }).selectOption('HIN');
  await screenshot(english, 'wizard-mapping-en');
  await english.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(english.getByText('To be created: 3')).toBeVisible();
  await waitForMapIdle(english);
  await screenshot(english, 'wizard-preview-en');
  // Back to Spanish for the page the test goes on with (the language is kept in local storage).
  await english.evaluate((key) => localStorage.setItem(key, 'es'), KEYS.language);
  await english.close();
}

test.describe('Orthophotos and layout files (issue 37)', () => {
  test('an administrator uploads an orthophoto; the map draws it under the elements from the API tiles', async ({
    page,
    request,
  }) => {
    const { plant, bounds } = await smallestPlant(request);
    const margin = 0.002;
    const area: Bounds = [bounds[0] - margin, bounds[1] - margin, bounds[2] + margin, bounds[3] + margin];
    const archive = pmtilesArchive(tilesCovering(area, [12, 13, 14, 15, 16]), area);

    await signInViaApi(page, request, ADMIN, '/plants');
    await page.getByRole('link', { name: `Administrar la planta ${plant.name}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Administración de la planta' })).toBeVisible();
    await expect(page.getByText('La planta no tiene ortofotos.')).toBeVisible();

    // A file that is no archive: the server's 400 is shown, in words.
    const imageryFile = page.locator('input[type="file"][accept=".pmtiles,.mbtiles"]');
    await imageryFile.setInputFiles({
      name: 'roto.pmtiles',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('no es un PMTiles'),
    });
    await page.getByRole('button', { name: 'Subir ortofoto' }).click();
    await expect(page.getByRole('alert')).toContainText('El archivo no es un archivo ráster pmtiles válido');
    await expect(page.getByRole('row', { name: /roto/ })).toContainText('Subida incompleta');
    await page.getByRole('button', { name: 'Eliminar roto' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('La planta no tiene ortofotos.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Nombre' }).fill('');
    await imageryFile.setInputFiles({
      name: 'vuelo.pmtiles',
      mimeType: 'application/octet-stream',
      buffer: archive,
    });
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Vuelo dron');
    const day = page.getByRole('textbox', { name: 'Fecha del vuelo' });
    await day.fill('20/11/2026');
    await day.blur();
    await page.getByRole('button', { name: 'Subir ortofoto' }).click();
    await expect(page.getByText('Ortofoto «Vuelo dron» subida.')).toBeVisible();
    const row = page.getByRole('row', { name: /Vuelo dron/ });
    await expect(row).toContainText('20/11/2026');
    // The plant's first layer is its default.
    await expect(row).toContainText('Predeterminada');
    await expect(row).toContainText('12–16');
    await screenshot(page, 'imagery-admin-es');

    // The map asks for the layer's raster tiles, with the bearer token, and they are there.
    const tiles: { status: number; url: string }[] = [];
    page.on('response', (response) => {
      if (/\/api\/plants\/\d+\/imagery\/\d+\/\d+\/\d+\/\d+/.test(new URL(response.url()).pathname))
        tiles.push({ status: response.status(), url: response.url() });
    });
    await page.goto(`/plants/${plant.id}/elements-map`);
    await waitForMapIdle(page);
    await expect.poll(() => tiles.filter((tile) => tile.status === 200).length).toBeGreaterThan(0);
    expect(tiles.every((tile) => tile.url.includes(`/api/plants/${plant.id}/imagery/`))).toBe(true);
    const layers = await styleLayerIds(page);
    expect(layers).toContain('orthophoto');
    // Over the background, under every element layer.
    expect(layers.indexOf('orthophoto')).toBeGreaterThan(layers.indexOf('background'));
    expect(layers.indexOf('orthophoto')).toBeLessThan(layers.indexOf('elements-fill'));
    expect(layers.indexOf('orthophoto')).toBeLessThan(layers.indexOf('elements-line'));

    // The control offers it with its date, checked; "Ninguna" takes it away, and the choice stays.
    await page.getByRole('button', { name: 'Ortofoto' }).click();
    await expect(page.getByRole('radio', { name: 'Vuelo dron · 20/11/2026' })).toBeChecked();
    await screenshot(page, 'map-orthophoto-es');
    await page.getByRole('slider', { name: 'Opacidad' }).press('ArrowLeft');
    const opacity = await page.evaluate(() =>
      (
        window as unknown as { __heliotrackMap: { getPaintProperty(l: string, p: string): number } }
      ).__heliotrackMap.getPaintProperty('orthophoto', 'raster-opacity'),
    );
    expect(opacity).toBe(0.95);
    await page.getByRole('radio', { name: 'Ninguna' }).check();
    await expect.poll(() => styleLayerIds(page)).not.toContain('orthophoto');
    await page.reload();
    await waitForMapIdle(page);
    expect(await styleLayerIds(page)).not.toContain('orthophoto');
    await page.getByRole('button', { name: 'Ortofoto' }).click();
    await page.getByRole('radio', { name: 'Vuelo dron · 20/11/2026' }).check();
    await expect.poll(() => styleLayerIds(page)).toContain('orthophoto');

    if (process.env.E2E_SCREENSHOTS) {
      await page.evaluate((key) => localStorage.setItem(key, 'en'), KEYS.language);
      await page.reload();
      await waitForMapIdle(page);
      await page.getByRole('button', { name: 'Orthophoto' }).click();
      await screenshot(page, 'map-orthophoto-en');
    }
  });

  test('a DXF goes through the wizard: layers mapped, preview, import; its elements are on the map', async ({
    page,
    request,
  }) => {
    const { plant, bounds, access } = await smallestPlant(request);
    // Codes are the DXF handles, new in every run; the layout lies east of the plant.
    const base = Date.now().toString(16).toUpperCase().slice(-7);
    const [lon, lat] = [bounds[2] + 0.0006, (bounds[1] + bounds[3]) / 2];
    const dxf = layoutDxf([
      {
        layer: 'E2E-TRACKERS',
        handle: `${base}1`,
        line: [
          [lon, lat],
          [lon, lat + 0.0004],
        ],
      },
      {
        layer: 'E2E-TRACKERS',
        handle: `${base}2`,
        line: [
          [lon + 0.0001, lat],
          [lon + 0.0001, lat + 0.0004],
        ],
      },
      { layer: 'E2E-PILES', handle: `${base}3`, point: [lon + 0.0002, lat] },
      { layer: 'E2E-NOTES', handle: `${base}4`, point: [lon + 0.0003, lat] },
    ]);

    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/administration`);
    await page.getByRole('tab', { name: 'Importar diseño' }).click();
    // A broken file is refused with the line where it breaks.
    await page.locator('input[type="file"][accept=".dxf,.kml,.kmz"]').setInputFiles({
      name: 'roto.dxf',
      mimeType: 'application/dxf',
      buffer: Buffer.from('0\nSECTION\n2\nENTITIES\nabc\nPOINT\n'),
    });
    await page.getByRole('button', { name: 'Leer el archivo' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Línea 5: se esperaba un código de grupo DXF y se encontró "abc".',
    );
    await page.locator('input[type="file"][accept=".dxf,.kml,.kmz"]').setInputFiles({
      name: 'layout.dxf',
      mimeType: 'application/dxf',
      buffer: Buffer.from(dxf),
    });
    await page.getByRole('button', { name: 'Leer el archivo' }).click();

    // The file's layers with their counts and geometry types; the system told by the coordinates.
    await expect(page.getByRole('row', { name: /E2E-TRACKERS\s*2\s*LineString/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /E2E-PILES\s*1\s*Point/ })).toBeVisible();
    await expect(page.getByText('Detectado en el archivo: WGS 84 (longitud y latitud)')).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo de elemento de E2E-TRACKERS' }).selectOption('TRA');
    await page.getByRole('combobox', { name: 'Tipo de elemento de E2E-PILES' }).selectOption('HIN');
    await screenshot(page, 'wizard-mapping-es');
    await page.getByRole('button', { name: 'Vista previa', exact: true }).click();

    await expect(page.getByText('Se crearán: 3')).toBeVisible();
    // The counts by type name the types as the organisation does, not by their codes.
    await expect(page.getByText(/^Por tipo: .*Hincas 1/)).toBeVisible();
    await expect(page.getByText('Se actualizarán: 0')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Vista previa del diseño importado' })).toBeVisible();
    await waitForMapIdle(page);
    await screenshot(page, 'wizard-preview-es');
    // Nothing written by the preview.
    const before = await apiGet<{ count: number }>(
      request,
      `/api/plants/${plant.id}/trackers/?code=${base}`,
      access,
    );
    expect(before.count).toBe(0);

    if (process.env.E2E_SCREENSHOTS) await wizardInEnglish(page, dxf);

    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByText('Diseño importado: 3 elementos creados y 0 actualizados.')).toBeVisible();
    const trackers = await apiGet<{ results: Element[] }>(
      request,
      `/api/plants/${plant.id}/trackers/?code=${base}`,
      access,
    );
    expect(trackers.results.map((element) => element.code).sort()).toEqual([`${base}1`, `${base}2`]);
    const piles = await apiGet<{ results: Element[] }>(
      request,
      `/api/plants/${plant.id}/hincas/?code=${base}`,
      access,
    );
    expect(piles.results.map((element) => element.code)).toEqual([`${base}3`]);

    await page.getByRole('link', { name: 'Ver en el mapa' }).click();
    await waitForMapIdle(page);
    await fitMap(
      page,
      [
        [lon - 0.0002, lat - 0.0001],
        [lon + 0.0004, lat + 0.0005],
      ],
      { maxZoom: 19 },
    );
    await waitForMapIdle(page);
    const ids = [...trackers.results, ...piles.results].map((element) => element.id);
    await expect
      .poll(async () => (await renderedStates(page, ids)).map((f) => f.id).sort())
      .toEqual([...ids].sort());
    expect(await page.evaluate(() => !!(window as MapWindow).__heliotrackMap)).toBe(true);
  });
});
