import type { Page } from '@playwright/test';
import { apiGet, expect, getProfile, goOffline, localCall, obtainTokens, pageHeading, signInViaApi, test } from '../fixtures';
import { boundsOf, drawPolygonAround, fitMap, type MapWindow, waitForMapIdle } from '../fixtures/map';
import { apiPost, INSPECTOR, makePpiPlan } from '../fixtures/ppi';

/**
 * Issue 36, the register map offline: the inspector downloads the plant, goes offline and opens a
 * PPI's register map, whose tiles the device encodes from its own elements and results (the
 * local-tile protocol, the domain's result tile encoder). A polygon selects the plan's trackers
 * (not the unlinked one inside it), one result is recorded on all of them through the outbox, and
 * the map shows the new colour at once. Back online, the results reach the server once each.
 */

interface ServerResult {
  id: number;
  activity: { id: number };
  element: { id: number };
  result: string;
  author: { id: number } | null;
}
interface HistoryItem {
  result: string;
  recorded_at: string | null;
  current: boolean;
}

/** The register map's result of each of these elements, as MapLibre drew them (the plan's tiles only). */
function drawnResults(page: Page, ids: number[]) {
  return page.evaluate((wanted) => {
    const found: Record<number, unknown> = {};
    for (const feature of (window as MapWindow).__heliotrackMap!.queryRenderedFeatures()) {
      const id = Number(feature.id);
      // Terra Draw's sources (td-…) hold the polygon tool's features, with small numeric ids too.
      if (feature.source === 'elements' && wanted.includes(id)) found[id] = feature.properties.result ?? 'unlinked';
    }
    return wanted.map((id) => found[id] ?? null);
  }, ids);
}

test('offline, the inspector draws a polygon on the register map, records one result on the selection, and it reaches the server once @once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  // Trackers: an overview type, drawn at every zoom, and what a polygon selects (lines and polygons).
  const { access, plan, elements: trackers } = await makePpiPlan(request, { path: 'trackers', code: 'TRA' }, 'OFM');
  const [depth] = plan.activities;
  // The sixth tracker is inside the polygon but not in the plan: the selection leaves it out.
  await apiPost(request, `/api/ppis/${plan.id}/unlink-elements`, access, { element_ids: [trackers[5].id] });
  const linked = trackers.slice(0, 5);
  const ids = trackers.map((t) => t.id);
  const inspector = await obtainTokens(request, INSPECTOR);
  const me = await getProfile(request, inspector.access);
  const plants = await apiGet<{ id: number; code: string; name: string }[]>(request, '/api/plants/', inspector.access);
  const plant = plants.find((p) => p.code === 'CAR-01')!;

  await signInViaApi(page, request, INSPECTOR, '/plants');
  const card = page.getByRole('article', { name: plant.name, exact: true });
  await card.getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true }).click();
  await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 30_000 });
  // The register's pages once online (table and map): without the service worker their code cannot load offline.
  await page.goto(`/ppis/${plan.id}/ppi-results`);
  await expect(page.getByRole('button', { name: `resultado de ${depth.name} en ${linked[1].code}` })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/ppis/${plan.id}/register-map`);
  await waitForMapIdle(page);
  await page.goto(`/ppis/${plan.id}/activity/${depth.id}/details`);
  await expect(pageHeading(page)).toHaveText(`1. ${depth.name}`);
  await page.goto('/ppis/register');
  await expect(page.getByRole('link', { name: `Registrar en ${plan.code}` })).toBeVisible();

  const started = Date.now();
  await goOffline(page, context);
  await page.getByRole('link', { name: `Registrar en ${plan.code}` }).click();
  // The activity's acceptance criteria, from the downloaded plan, and back to the register.
  await page.getByTestId(`activity-counts-${depth.id}`).getByRole('link', { name: `1. ${depth.name}` }).click();
  await expect(pageHeading(page)).toHaveText(`1. ${depth.name}`);
  await expect(page.getByText('≥ proyecto')).toBeVisible();
  await page.getByRole('link', { name: `Volver a ${plan.code}` }).click();
  await page.getByRole('radiogroup', { name: 'Vista de resultados' }).locator('label', { hasText: 'Mapa' }).click();
  await expect(page).toHaveURL(new RegExp(`/ppis/${plan.id}/register-map$`));
  await expect(page.getByText('Esta pantalla necesita conexión')).toHaveCount(0);
  await waitForMapIdle(page);

  const bounds = boundsOf(trackers.map((tracker) => tracker.geom));
  await fitMap(page, bounds, { padding: 120, maxZoom: 21 });
  await waitForMapIdle(page);
  // Drawn from tiles the device made: the plan's trackers pending, the unlinked one without a result.
  await expect.poll(() => drawnResults(page, ids)).toEqual([...linked.map(() => 'pending'), 'unlinked']);
  const tiles = await page.evaluate(
    () => (window as Window & { __heliotrackLocalTiles?: { answered: number; failed: number } }).__heliotrackLocalTiles,
  );
  expect(tiles?.answered).toBeGreaterThan(0);
  expect(tiles?.failed).toBe(0);

  // A polygon around the six trackers selects the plan's five.
  await page.getByRole('toolbar', { name: 'Herramientas de selección' }).getByRole('button', { name: 'Seleccionar por polígono' }).click();
  await drawPolygonAround(page, bounds);
  await expect(page.getByRole('status').filter({ hasText: 'seleccionados' })).toContainText('5 elementos de');

  // One result on the five, into the outbox; the map takes the new colour at once.
  await page.getByRole('button', { name: 'Registrar resultado en 5 elementos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar resultado en 5 elementos' });
  await dialog.getByText('No OK', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cambios pendientes: 1', exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      await waitForMapIdle(page);
      return drawnResults(page, ids);
    })
    .toEqual([...linked.map(() => 'not_ok'), 'unlinked']);
  const ended = Date.now();

  // The network is back: the device syncs by itself.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Cambios pendientes: 0', exact: true })).toBeVisible({ timeout: 60_000 });

  const all = await apiGet<{ results: ServerResult[] }>(request, `/api/ppis/${plan.id}/ppi-results?page_size=100&activity=${depth.id}`, inspector.access);
  expect(all.results.map((r) => r.element.id).sort((a, b) => a - b)).toEqual(linked.map((t) => t.id).sort((a, b) => a - b));
  for (const found of all.results) {
    expect(found).toMatchObject({ result: 'not_ok', author: { id: me.id } });
    const history = await apiGet<{ results: HistoryItem[] }>(
      request,
      `/api/ppis/${plan.id}/ppi-results/${found.id}/history/?page_size=100`,
      inspector.access,
    );
    const offline = history.results.filter((h) => h.recorded_at !== null && Date.parse(h.recorded_at) >= started);
    expect(offline, `tracker ${found.element.id}: the offline write, once`).toHaveLength(1);
    expect(Date.parse(offline[0].recorded_at!)).toBeLessThanOrEqual(ended);
    expect(offline[0]).toMatchObject({ result: 'not_ok', current: true });
  }
  // On the device, the download after the push brought the server's results in place of the temporary ones.
  await expect
    .poll(() => localCall(page, 'select', 'SELECT count(*) AS n FROM ppi_result WHERE id < 0 OR pending_uuid IS NOT NULL'))
    .toEqual([{ n: 0 }]);
});
