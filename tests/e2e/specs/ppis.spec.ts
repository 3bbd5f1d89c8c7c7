import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  coordinatesOf,
  expect,
  fitMap,
  obtainTokens,
  pageHeading,
  signInViaApi,
  test,
  waitForMapIdle,
  type MapWindow,
} from '../fixtures';

/**
 * Issue "PPIs I" as an administrator does it: a template imported from a sheet (a preview that
 * names the wrong row first, then the corrected sheet), a PPI made from it on the 1 MWp demo plant,
 * trackers linked by a polygon drawn on the PPI's map and by a code filter in its table, and the
 * linked count the pages show is the API's.
 */

/** The colour of the elements linked to a plan on its map (packages/domain tile-content.ts). */
const LINKED_COLOR = '1565c0';

interface Plant {
  id: number;
  code: string;
  name: string;
}
interface Element {
  id: number;
  code: string;
  geom: string;
}
interface PpiDetail {
  id: number;
  code: string;
  element_count: number;
}

async function setUp(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.find((item) => item.code === 'CAR-01')!;
  const trackers = (await apiGet<{ results: Element[] }>(request, `/api/plants/${plant.id}/trackers/?page_size=1000&ordering=code`, access)).results;
  // The northernmost trackers of the first two columns: side by side, 6 m apart (as in elements-map.spec.ts).
  const xOf = (element: Element) => coordinatesOf(element.geom)[0][0];
  const northOf = (element: Element) => Math.max(...coordinatesOf(element.geom).map(([, y]) => y));
  const columnsX = [...new Set(trackers.map(xOf))].sort((a, b) => a - b);
  const targets = columnsX.slice(0, 2).map((x) => trackers.filter((element) => xOf(element) === x).sort((a, b) => northOf(b) - northOf(a))[0]);
  return { access, plant, trackers, targets, nextColumnX: columnsX[2] };
}

/** A CSV of activities: one activity a row under a Spanish header, `;`-separated as Spanish spreadsheets save it. */
function sheet(required: string) {
  return Buffer.from(['Actividad;Criterio;Obligatoria;Roles', 'Par de apriete;Según fabricante;sí;CA', `Alineación del eje;± 5 mm;${required};CA, JO`].join('\n'));
}

/** Which of these elements the PPI map draws, and whether linked, in which colour. */
function renderedLinks(page: Page, ids: number[]) {
  return page.evaluate((wanted) => {
    const map = (window as MapWindow).__heliotrackMap;
    const seen = new Map<number, { id: number; linked: boolean; color: string }>();
    for (const feature of map?.queryRenderedFeatures() ?? []) {
      // Terra Draw's sources (td-…) hold the polygon tool's features, with small numeric ids too.
      if (feature.source.startsWith('td-')) continue;
      const id = Number(feature.id);
      if (wanted.includes(id)) seen.set(id, { id, linked: feature.properties.linked === true, color: String(feature.properties.color) });
    }
    return [...seen.values()].sort((a, b) => a.id - b.id);
  }, ids);
}

test.describe('PPIs', () => {
  // Tall enough that the whole map, under the plan's header and toolbar, is on screen for drawing.
  test.use({ viewport: { width: 1366, height: 1000 } });

  test('an administrator imports a template, creates a PPI and links trackers by polygon and by filter', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { access, plant, trackers, targets, nextColumnX } = await setUp(request);
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const templateName = `Seguidores ${suffix}`;
    const code = `PPI-TRA-${suffix}`;

    // 1. The template, from a sheet: the preview names the wrong row, the corrected sheet imports.
    await signInViaApi(page, request, ADMIN, '/ppis/templates');
    await expect(pageHeading(page)).toHaveText('Plantillas de PPI');
    await page.getByRole('button', { name: 'Importar desde hoja' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar plantilla desde una hoja' });
    await dialog.getByRole('textbox', { name: 'Nombre de la plantilla' }).fill(templateName);
    await dialog.getByRole('combobox', { name: 'Tipo de elemento' }).click();
    await page.getByRole('option', { name: 'Trackers', exact: true }).click();
    const fileInput = dialog.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'seguidores.csv', mimeType: 'text/csv', buffer: sheet('quizás') });
    await dialog.getByRole('button', { name: 'Previsualizar' }).click();
    const errors = dialog.getByRole('table', { name: 'Errores por fila' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toContainText('3');
    await expect(errors.getByRole('row').nth(1)).toContainText('«quizás» no es un valor válido para «obligatoria»: use sí o no.');
    await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

    await fileInput.setInputFiles({ name: 'seguidores.csv', mimeType: 'text/csv', buffer: sheet('no') });
    await dialog.getByRole('button', { name: 'Previsualizar' }).click();
    await expect(dialog.getByText('Se crearán 2 actividades')).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Actividades que se crearán' }).getByRole('row')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByText(`Plantilla ${templateName} creada con 2 actividades`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: templateName })).toContainText('Trackers');

    // 2. A PPI from it on the 1 MWp plant.
    await page.goto('/ppis/main');
    await expect(pageHeading(page)).toHaveText('PPIs');
    await page.getByRole('button', { name: 'Nuevo PPI' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo PPI' });
    await form.getByRole('combobox', { name: 'Planta' }).click();
    await page.getByRole('option', { name: `${plant.name} · ${plant.code}` }).click();
    await form.getByRole('combobox', { name: 'Plantilla' }).click();
    await page.getByRole('option', { name: `${templateName} · Trackers` }).click();
    await form.getByRole('textbox', { name: 'Código' }).fill(code);
    await form.getByRole('textbox', { name: 'Nombre' }).fill('Seguidores del bloque 1');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(`PPI ${code} creado`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText(templateName);
    const ppi = (await apiGet<PpiDetail[]>(request, '/api/ppis-admin-list', access)).find((item) => item.code === code)!;
    expect(ppi.element_count).toBe(0);

    // 3. On its map: a polygon around two trackers links exactly them, drawn in the linked colour.
    await row.getByRole('link', { name: `Elementos de ${code} en el mapa` }).click();
    await expect(page).toHaveURL(new RegExp(`/ppis/${ppi.id}/link-elements-map$`));
    await waitForMapIdle(page);
    const points = targets.flatMap((element) => coordinatesOf(element.geom));
    const [west, east] = [Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0]))];
    const [south, north] = [Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[1]))];
    await fitMap(page, [[west, south], [east, north]], { padding: { top: 60, bottom: 60, left: 200, right: 200 } });
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Seleccionar por polígono' }).click();
    const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
    const corners = await page.evaluate(
      (lngLats) => lngLats.map((lngLat) => (window as MapWindow).__heliotrackMap!.project(lngLat)),
      [[west, north], [east, north], [east, south], [west, south], [nextColumnX, north]] as [number, number][],
    );
    const margin = Math.max(4, Math.min(12, Math.abs(corners[4].x - corners[1].x) / 2 - 2));
    const ring = [
      [corners[0].x - margin, corners[0].y - margin],
      [corners[1].x + margin, corners[1].y - margin],
      [corners[2].x + margin, corners[2].y + margin],
      [corners[3].x - margin, corners[3].y + margin],
    ].map(([x, y]) => ({ x: box.x + x, y: box.y + y }));
    const byPolygon = page.waitForResponse((response) => response.url().includes('/trackers/by-polygon'));
    for (const { x, y } of [...ring, ring[0]]) {
      await page.mouse.move(x, y, { steps: 3 });
      await page.mouse.click(x, y);
    }
    const selected = ((await (await byPolygon).json()) as { ids: number[] }).ids.sort((a, b) => a - b);
    const targetIds = targets.map((element) => element.id).sort((a, b) => a - b);
    expect(selected).toEqual(targetIds);
    await expect(page.getByRole('status').filter({ hasText: 'seleccionados' })).toHaveText(`${selected.length} elementos de Trackers seleccionados`);
    const linkRequest = page.waitForResponse((response) => response.url().endsWith(`/api/ppis/${ppi.id}/link-elements`));
    await page.getByRole('button', { name: `Vincular ${selected.length}`, exact: true }).click();
    expect(((await (await linkRequest).request().postDataJSON()) as { polygon?: string }).polygon).toBeTruthy();
    await expect(page.getByText(`${selected.length} elementos vinculados`).first()).toBeVisible();
    await expect(page.getByTestId('ppi-linked-count')).toHaveText(`${selected.length} elementos vinculados`);
    const linkedByApi = async () =>
      (await apiGet<{ results: { id: number }[] }>(request, `/api/ppis/${ppi.id}/template-elements?linked=true&page_size=1000&ordering=id`, access)).results.map((e) => e.id);
    expect(await linkedByApi()).toEqual(targetIds);
    await expect
      .poll(async () => {
        await waitForMapIdle(page);
        return renderedLinks(page, targetIds);
      })
      .toEqual(targetIds.map((id) => ({ id, linked: true, color: LINKED_COLOR })));

    // 4. In its table: every tracker whose code contains T02, selected by the filter, linked at once.
    await page.locator('label', { hasText: 'Tabla' }).click();
    await expect(page).toHaveURL(new RegExp(`/ppis/${ppi.id}/link-elements$`));
    const filtered = trackers.filter((element) => element.code.includes('T02'));
    expect(filtered.length).toBeGreaterThan(1);
    await page.getByRole('textbox', { name: 'Código' }).fill('T02');
    await expect(page.getByText(`1–${filtered.length} de ${filtered.length}`)).toBeVisible();
    await page.getByRole('button', { name: `Seleccionar los ${filtered.length} elementos que cumplen el filtro` }).click();
    await page.getByRole('button', { name: `Vincular ${filtered.length}`, exact: true }).click();
    const expected = [...new Set([...targetIds, ...filtered.map((element) => element.id)])].sort((a, b) => a - b);
    await expect(page.getByTestId('ppi-linked-count')).toHaveText(`${expected.length} elementos vinculados`);
    expect(await linkedByApi()).toEqual(expected);
    expect((await apiGet<PpiDetail>(request, `/api/ppis/${ppi.id}`, access)).element_count).toBe(expected.length);

    // A ticked element stays ticked after a reload: the selection is stored per PPI.
    const first = filtered[0];
    await page.getByRole('checkbox', { name: `Seleccionar ${first.code}` }).check();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: `Seleccionar ${first.code}` })).toBeChecked();
    await expect(page.getByText('1 elemento seleccionado')).toBeVisible();
  });
});
