import type { Page } from '@playwright/test';
import { ADMIN, apiGet, expect, obtainTokens, seedScanPlan, signInViaApi, test, type ScanModule } from '../fixtures';

/**
 * Issue 35, the scan screen as a technician's phone shows it (390×844). The camera overlay (aiming
 * frame, the plan's next module, cancel) covers the screen; with `barcode-scanner-active` set, as
 * lib/native-barcode.ts sets it while ML Kit draws its preview behind the web view, the page is
 * transparent and only the overlay is seen (computed styles). The browser's camera is a canvas
 * stream here: no device, no permission prompt. Layout only: it runs on one database.
 */
test.use({ viewport: { width: 390, height: 844 } });

interface Plant {
  id: number;
  code: string;
}

/** getUserMedia answers a moving canvas: the overlay's video plays it. */
async function fakeCamera(page: Page) {
  await page.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        // Made on demand: the init script also runs in documents without a canvas (favicon.svg).
        getUserMedia: async () => {
          const canvas = document.createElement('canvas');
          canvas.width = 640;
          canvas.height = 480;
          const context = canvas.getContext('2d')!;
          let frame = 0;
          setInterval(() => {
            context.fillStyle = frame++ % 2 ? '#335' : '#353';
            context.fillRect(0, 0, canvas.width, canvas.height);
          }, 100);
          return canvas.captureStream(10);
        },
      },
    });
  });
}

/** The computed styles the transparent state depends on. */
function styles(page: Page) {
  return page.evaluate(() => {
    const overlay = document.querySelector('.scanner-overlay')!;
    const css = (element: Element) => getComputedStyle(element);
    return {
      html: css(document.documentElement).backgroundColor,
      body: css(document.body).backgroundColor,
      root: css(document.getElementById('root')!).visibility,
      overlay: css(overlay).backgroundColor,
      overlayVisibility: css(overlay).visibility,
    };
  });
}

test.describe('native shell @once', () => {
  test('the camera overlay covers the phone screen, and the scanner-active state leaves only it over a transparent page', async ({
    page,
    request,
  }) => {
    await fakeCamera(page);
    const { access } = await obtainTokens(request, ADMIN);
    const plant = (await apiGet<Plant[]>(request, '/api/plants/', access)).find((item) => item.code === 'CAR-01')!;
    const modules = (
      await apiGet<{ results: ScanModule[] }>(request, `/api/plants/${plant.id}/modules/?page_size=3&ordering=code`, access)
    ).results;
    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/scan-feature/elements`);
    await expect(page.getByText('Esta planta aún no tiene planes de escaneo', { exact: false })).toBeVisible({ timeout: 90_000 });
    await seedScanPlan(page, plant.id, modules);
    await page.reload();
    await expect(page.getByTestId('scan-progress')).toContainText('de 3');

    // The three inputs, the keyboard wedge first and chosen.
    const inputs = page.getByRole('radiogroup', { name: 'Entrada' });
    await expect(inputs.getByRole('radio')).toHaveCount(3);
    await expect(inputs.getByRole('radio', { name: 'Lector', exact: true })).toBeChecked();
    await expect(inputs.getByText('Lector Bluetooth')).toBeVisible();

    // What the panel says now, the overlay must say too.
    const nextCode = (await page.getByTestId('scan-next').textContent())!;
    const progressText = (await page.getByTestId('scan-progress').textContent())!;
    await page.getByText('Cámara', { exact: true }).click();
    await page.getByRole('button', { name: 'Abrir la cámara' }).click();
    const overlay = page.getByRole('dialog', { name: 'Escaneo con la cámara' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByTestId('scanner-next')).toHaveText(nextCode);
    await expect(overlay).toContainText(progressText);
    await expect(overlay.getByLabel('Imagen de la cámara')).toBeVisible();
    expect(await overlay.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The aiming frame sits in the middle of the screen, inside it.
    const frame = (await page.getByTestId('scanner-frame').boundingBox())!;
    expect(Math.round(frame.x + frame.width / 2)).toBe(195);
    expect(Math.round(frame.y + frame.height / 2)).toBe(422);
    expect(frame.width).toBeLessThan(390);
    const cancel = overlay.getByRole('button', { name: 'Cerrar la cámara' });
    const cancelBox = (await cancel.boundingBox())!;
    expect(cancelBox.y + cancelBox.height).toBeLessThanOrEqual(844);
    expect(cancelBox.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: test.info().outputPath('camera-overlay-es.png') });

    // As while ML Kit scans on a device: the page goes transparent and only the overlay shows.
    expect(await styles(page)).toMatchObject({
      body: expect.not.stringMatching(/^rgba\(0, 0, 0, 0\)$/),
      root: 'visible',
      overlay: 'rgb(0, 0, 0)',
      overlayVisibility: 'visible',
    });
    await page.evaluate(() => {
      document.documentElement.classList.add('barcode-scanner-active');
      document.body.classList.add('barcode-scanner-active');
    });
    expect(await styles(page)).toEqual({
      html: 'rgba(0, 0, 0, 0)',
      body: 'rgba(0, 0, 0, 0)',
      root: 'hidden',
      overlay: 'rgba(0, 0, 0, 0)',
      overlayVisibility: 'visible',
    });
    await expect(page.getByTestId('scan-progress')).toBeHidden();
    await expect(overlay.getByTestId('scanner-next')).toBeVisible();
    await expect(cancel).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('scanner-active-es.png') });
    await page.evaluate(() => {
      document.documentElement.classList.remove('barcode-scanner-active');
      document.body.classList.remove('barcode-scanner-active');
    });

    // Cancel: the overlay goes and the screen is back as it was.
    await cancel.click();
    await expect(overlay).toBeHidden();
    await expect(page.getByTestId('scan-progress')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir la cámara' })).toBeVisible();

    // In English, the same overlay.
    await page.evaluate(() => localStorage.setItem('currentLang', 'en'));
    await page.reload();
    await page.getByRole('button', { name: 'Open the camera' }).click();
    const overlayEn = page.getByRole('dialog', { name: 'Camera scanning' });
    await expect(overlayEn).toContainText('Fit the module');
    await page.screenshot({ path: test.info().outputPath('camera-overlay-en.png') });
    // Escape closes it like cancel (Android's back button does too).
    await page.keyboard.press('Escape');
    await expect(overlayEn).toBeHidden();
  });
});
