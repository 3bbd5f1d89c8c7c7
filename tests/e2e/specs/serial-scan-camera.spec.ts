import {
  ADMIN,
  apiGet,
  expect,
  obtainTokens,
  seedScanPlan,
  signInViaApi,
  test,
  type ScanModule,
} from '../fixtures';

/**
 * Issue 19, the camera on a browser without BarcodeDetector (Chromium on Linux, Firefox, Safari):
 * zxing-wasm reads the frames, its .wasm served by our own server. Chromium's fake camera (a test
 * pattern) stands in for a real one; no code is in its picture, so nothing is read.
 */

// A fake camera, allowed without asking: a browser of its own for this file.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--enable-unsafe-swiftshader',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera'],
});

interface Plant {
  id: number;
  code: string;
}

test('the camera reads with zxing-wasm, its .wasm served by our server, and the choice is remembered @once', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => delete (window as { BarcodeDetector?: unknown }).BarcodeDetector);
  const { access } = await obtainTokens(request, ADMIN);
  const plant = (await apiGet<Plant[]>(request, '/api/plants/', access)).find(
    (item) => item.code === 'CAR-01',
  )!;
  const modules = (
    await apiGet<{ results: ScanModule[] }>(
      request,
      `/api/plants/${plant.id}/modules/?page_size=3&ordering=code`,
      access,
    )
  ).results;
  await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/scan-feature/elements`);
  await expect(page.getByText('Esta planta aún no tiene planes de escaneo', { exact: false })).toBeVisible();
  await seedScanPlan(page, plant.id, modules);
  await page.reload();
  await expect(page.getByTestId('scan-progress')).toContainText('de 3');

  await page.getByText('Cámara', { exact: true }).click();
  const wasm = page.waitForResponse(
    (response) => response.url().includes('zxing_reader') && response.url().endsWith('.wasm'),
  );
  await page.getByRole('button', { name: 'Abrir la cámara' }).click();
  const answer = await wasm;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).origin).toBe(new URL(page.url()).origin);
  await expect(
    page.getByTestId('scanner-overlay').getByRole('button', { name: 'Cerrar la cámara' }),
  ).toBeVisible();
  await expect(page.getByLabel('Imagen de la cámara')).toBeVisible();

  // Chosen once: the next visit opens on the camera input.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Abrir la cámara' })).toBeVisible();
});
