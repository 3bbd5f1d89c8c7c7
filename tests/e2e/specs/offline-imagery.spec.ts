import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiGet, bearer, expect, goOffline, localCall, signInViaApi, test, waitForMapIdle } from '../fixtures';
import { type Bounds, pmtilesArchive, smallestPlant, tilesCovering } from '../fixtures/imagery';

/*
 * Issue 37, offline imagery: a technician's tablet keeps the plant's orthophoto. On a downloaded
 * plant's card the zooms are chosen with the size shown first (the server's estimate), the tiles come
 * with progress, and with the network cut the offline map draws them from the device under the
 * elements; "Liberar espacio" takes them away again.
 */

/** Uploads an archive through the API in one chunk and makes it the plant's default layer. */
async function uploadDefaultLayer(
  request: APIRequestContext,
  access: string,
  plantId: number,
  archive: Buffer,
) {
  const created = await request.post(`/api/plants/${plantId}/imagery/`, {
    headers: bearer(access),
    data: { name: 'Vuelo sin conexión', captured_on: '2026-11-27', format: 'pmtiles', size: archive.length },
  });
  expect(created.status()).toBe(201);
  const layer = (await created.json()) as { id: number };
  const sent = await request.put(`/api/plants/${plantId}/imagery/${layer.id}/content?offset=0`, {
    headers: { ...bearer(access), 'content-type': 'application/octet-stream' },
    data: archive,
  });
  expect(sent.status()).toBe(200);
  const patched = await request.patch(`/api/plants/${plantId}/imagery/${layer.id}/`, {
    headers: bearer(access),
    data: { is_default: true },
  });
  expect(patched.status()).toBe(200);
  return layer.id;
}

test.describe('Orthophoto on the device (issue 37) @once', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the zooms chosen with their size shown, the tiles kept, the offline map draws them with no network, and the space freed', async ({
    page,
    context,
    request,
  }) => {
    const { plant, bounds, access } = await smallestPlant(request);
    const margin = 0.002;
    const area: Bounds = [bounds[0] - margin, bounds[1] - margin, bounds[2] + margin, bounds[3] + margin];
    const layerId = await uploadDefaultLayer(
      request,
      access,
      plant.id,
      pmtilesArchive(tilesCovering(area, [12, 13, 14, 15, 16]), area),
    );
    try {
      await signInViaApi(page, request, ADMIN, '/plants');
      const card = page.getByRole('article', { name: plant.name, exact: true });
      await card
        .getByRole('button', { name: `Descargar para uso sin conexión: ${plant.name}`, exact: true })
        .click();
      await expect(card.getByText('Disponible sin conexión')).toBeVisible({ timeout: 60_000 });

      // The zooms and the size before anything is downloaded: the figure is the server's estimate.
      await card
        .getByRole('button', {
          name: `Guardar la ortofoto para uso sin conexión: ${plant.name}`,
          exact: true,
        })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Ortofoto para uso sin conexión' });
      await dialog.getByRole('textbox', { name: 'Zoom mínimo' }).fill('14');
      await dialog.getByRole('textbox', { name: 'Zoom máximo' }).fill('16');
      const estimate = await apiGet<{ tiles: number; bytes: number; min_zoom: number; max_zoom: number }>(
        request,
        `/api/plants/${plant.id}/imagery/${layerId}/offline/?min_zoom=14&max_zoom=16`,
        access,
      );
      expect(estimate.tiles).toBeGreaterThan(3);
      await expect(dialog.getByRole('status')).toHaveText(new RegExp(`^${estimate.tiles} teselas · `));
      await dialog.getByRole('button', { name: 'Descargar la ortofoto' }).click();
      await expect(card.getByText(/^Ortofoto en el dispositivo: Vuelo sin conexión \(/)).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByText(`Ortofoto de ${plant.name} disponible sin conexión`)).toBeVisible();
      const kept = await localCall<{ n: number; bytes: number }[]>(
        page,
        'select',
        'SELECT count(*) AS n, (SELECT bytes FROM imagery_download WHERE plant_id = ?) AS bytes FROM imagery_tile WHERE plant_id = ?',
        [plant.id, plant.id],
      );
      expect(kept).toEqual([{ n: estimate.tiles, bytes: estimate.bytes }]);

      // Offline mode: the offline map draws the kept tiles under the elements, and asks the API for
      // none; with the network then cut, another zoom draws its tiles from the device too.
      // (The page itself loads first: this suite runs without the service worker that would serve it.)
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/imagery/')) asked.push(r.url());
      });
      await goOffline(page, context, { cutNetwork: false });
      await page.goto(`/plants/${plant.id}/elements-map-offline`);
      await waitForMapIdle(page);
      const answered = () =>
        page.evaluate(
          () =>
            (window as unknown as { __heliotrackLocalImagery?: { answered: number } })
              .__heliotrackLocalImagery?.answered ?? 0,
        );
      await expect.poll(answered, { timeout: 20_000 }).toBeGreaterThan(0);
      const before = await answered();
      await context.setOffline(true);
      await page.evaluate(() => {
        const map = (
          window as unknown as { __heliotrackMap: { getZoom(): number; setZoom(z: number): void } }
        ).__heliotrackMap;
        // Another kept zoom (the plant opens past 16, where the z16 tiles are enlarged): new tiles.
        map.setZoom(map.getZoom() >= 15 ? 14 : 16);
      });
      await waitForMapIdle(page);
      await expect.poll(answered, { timeout: 20_000 }).toBeGreaterThan(before);
      const layers = await page.evaluate(() =>
        (
          window as unknown as { __heliotrackMap: { getStyle(): { layers: { id: string }[] } } }
        ).__heliotrackMap
          .getStyle()
          .layers.map((l) => l.id),
      );
      expect(layers).toContain('orthophoto');
      expect(layers.indexOf('orthophoto')).toBeLessThan(layers.indexOf('elements-fill'));
      expect(asked).toEqual([]);
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/offline-orthophoto.png` });

      // Back online: "Liberar espacio" asks, then the tiles leave the device; the plant stays.
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Menú de usuario' }).click();
      await page.getByRole('switch', { name: 'Modo sin conexión' }).uncheck();
      await page.keyboard.press('Escape');
      await page.goto('/plants');
      await card
        .getByRole('button', { name: `Quitar la ortofoto del dispositivo: ${plant.name}`, exact: true })
        .click();
      const confirmation = page.getByRole('dialog', { name: 'Quitar la ortofoto del dispositivo' });
      await expect(confirmation).toContainText(plant.name);
      await confirmation.getByRole('button', { name: 'Liberar espacio' }).click();
      await expect(page.getByText(`Ortofoto de ${plant.name} quitada del dispositivo.`)).toBeVisible();
      await expect(card.getByText(/^Ortofoto en el dispositivo/)).toHaveCount(0);
      expect(await localCall(page, 'select', 'SELECT count(*) AS n FROM imagery_tile')).toEqual([{ n: 0 }]);
      await expect(card.getByText('Disponible sin conexión')).toBeVisible();
    } finally {
      await request.delete(`/api/plants/${plant.id}/imagery/${layerId}/`, { headers: bearer(access) });
    }
  });
});
