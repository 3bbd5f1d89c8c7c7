import { ADMIN, apiGet, expect, KEYS, obtainTokens, signInViaApi, test } from '../fixtures';

/**
 * Issue 19, the plant's delivered serials as an administrator keeps them: the delivery note of a
 * plant imported from a sheet (a preview that names the wrong row first, then the corrected sheet),
 * the list's count and search, and a module whose serial was unregistered no longer flagged.
 */

interface Plant {
  id: number;
  code: string;
  name: string;
}
interface Module {
  id: number;
  serial: string;
  is_serial_unregistered: boolean;
}

/** A count as the page writes it: Spanish groups thousands with a dot, 4-digit numbers included. */
const grouped = (count: number) => new Intl.NumberFormat('es-ES', { useGrouping: 'always' }).format(count);

/** A `;`-separated CSV under a Spanish header, as Spanish spreadsheets save it. */
const sheet = (serials: string[]) =>
  Buffer.from(['Albarán;Número de serie', ...serials.map((serial) => `ALB-7;${serial}`)].join('\n'));

test('an administrator previews and imports a delivery note, and the unregistered module is flagged no more', async ({
  page,
  request,
}, testInfo) => {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.find((item) => item.code === 'CAR-01')!;
  const listed = await apiGet<{ count: number; serials: string[] }>(
    request,
    `/api/plants/${plant.id}/delivered-serials/all/`,
    access,
  );
  // The demo seeds a delivered list with some module serials missing from it (demo/serials.ts).
  const unregistered = (
    await apiGet<{ results: Module[] }>(
      request,
      `/api/plants/${plant.id}/modules/?is_serial_unregistered=true&page_size=1000`,
      access,
    )
  ).results.find((module) => module.serial.length === 14)!;
  expect(unregistered).toBeDefined();
  const fresh = `E2E${Date.now().toString().slice(-11)}`;

  await signInViaApi(page, request, ADMIN, '/plants');
  await page.getByRole('button', { name: `Números de serie entregados: ${plant.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: `Números de serie entregados (albaranes) · ${plant.name}`,
  });
  await expect(dialog.getByRole('status')).toHaveText(`${grouped(listed.count)} números de serie entregados`);

  // A preview names the row with a serial too long; nothing can be imported yet.
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'albaran.csv',
    mimeType: 'text/csv',
    buffer: sheet([fresh, 'X'.repeat(101)]),
  });
  await dialog.getByRole('button', { name: 'Previsualizar' }).click();
  const errors = dialog.getByRole('table', { name: 'Errores por fila' });
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText(
    'El número de serie admite como máximo 100 caracteres.',
  );
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

  // The corrected note: a new serial, one already listed, and the unregistered module's serial.
  await fileInput.setInputFiles({
    name: 'albaran.csv',
    mimeType: 'text/csv',
    buffer: sheet([fresh, listed.serials[0], unregistered.serial]),
  });
  await dialog.getByRole('button', { name: 'Previsualizar' }).click();
  await expect(dialog.getByText('Se añadirán 2 números de serie')).toBeVisible();
  await expect(dialog.getByText('1 ya estaba en la lista')).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Primeros números de serie que se añadirán' }).getByRole('row'),
  ).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath('delivered-serials-preview-es.png') });
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByText('Añadidos 2 números de serie entregados')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(
    `${grouped(listed.count + 2)} números de serie entregados`,
  );

  // The list finds the new serial; the module holding the other one is no longer unregistered.
  await dialog.getByRole('searchbox', { name: 'Buscar número de serie' }).fill(fresh.toLowerCase());
  const list = dialog.getByRole('table', { name: 'Números de serie entregados' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('row').nth(1)).toContainText(fresh);
  const module = await apiGet<Module>(request, `/api/plants/${plant.id}/modules/${unregistered.id}/`, access);
  expect(module.is_serial_unregistered).toBe(false);
});

test('the delivered serials speak English', async ({ page, request }, testInfo) => {
  const { access } = await obtainTokens(request, ADMIN);
  const plant = (await apiGet<Plant[]>(request, '/api/plants/', access)).find(
    (item) => item.code === 'CAR-01',
  )!;
  await signInViaApi(page, request, ADMIN, '/favicon.svg');
  await page.evaluate((key) => localStorage.setItem(key, 'en'), KEYS.language);
  await page.goto('/plants');
  await page.getByRole('button', { name: `Delivered serials: ${plant.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Delivered serials (delivery notes) · ${plant.name}` });
  await expect(dialog.getByRole('status')).toContainText('delivered serials');
  await expect(dialog.getByRole('heading', { name: 'Import a delivery note' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('delivered-serials-en.png') });
});
