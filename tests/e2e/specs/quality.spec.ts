import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  chooseLanguage,
  expect,
  obtainTokens,
  pageHeading,
  signInViaApi,
  test,
} from '../fixtures';

/**
 * Issue 7, quality: the item inventory finds an element by serial; its flash reports are created with
 * a photo, shown with the photo and deleted after confirmation; a refused flash report shows the
 * titled dialog of specification section 8 in Spanish and English; calibration equipment is added
 * with a certificate and flagged as expired.
 */

interface InventoryItem {
  id: number;
  code: string;
  serial: string;
}
interface FlashReport {
  id: number;
  title: string;
}
interface Equipment {
  id: number;
  name: string;
  is_expired: boolean;
  documents: { id: number; name: string }[];
}
interface Paged<T> {
  count: number;
  results: T[];
}

/** A real PNG of `size`×`size` orange pixels, made here so the server's magic-byte check sees a PNG. */
function orangePng(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xff, 0x80, 0x00]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The smallest PDF a reader opens: enough for the server, which checks the %PDF- header. */
const CERTIFICATE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** A seeded module with a serial number, found through the API rather than hard-coded. */
async function moduleWithSerial(request: APIRequestContext, access: string): Promise<InventoryItem> {
  const modules = await apiGet<Paged<InventoryItem>>(
    request,
    '/api/item-inventory/?type=MOD&page_size=1000',
    access,
  );
  const module = modules.results.find((item) => item.serial);
  expect(module, 'the demo seeds modules with serial numbers').toBeDefined();
  return module!;
}

async function flashReportsOf(request: APIRequestContext, access: string, elementId: number) {
  return apiGet<Paged<FlashReport>>(request, `/api/flash-reports/${elementId}/?page_size=1000`, access);
}

/** dd/mm/yyyy, as the date fields take dates in every language of the app. */
function daysFromToday(days: number): { typed: string; iso: string } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`,
    iso: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
  };
}

async function chooseOption(page: Page, field: ReturnType<Page['getByRole']>, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('finds a module by serial, adds a flash report with a photo, shows it and deletes it', async ({
  page,
  request,
}) => {
  const { access } = await obtainTokens(request, ADMIN);
  const module = await moduleWithSerial(request, access);
  const title = `Vidrio roto ${Date.now()}`;

  await signInViaApi(page, request, ADMIN, '/itemInventory');
  await expect(pageHeading(page)).toHaveText('Inventario');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Equipos' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(module.serial);
  const inventory = page.getByRole('table', { name: 'Elementos del inventario' });
  const found = inventory.getByRole('row').filter({ hasText: module.serial });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(module.code);
  await expect(found).toContainText('Módulos');
  await expect(page.getByRole('status').filter({ hasText: /de 1 elemento$/ })).toBeVisible();
  // A click anywhere on the row opens the element's flash reports.
  await found.getByText(module.serial).click();

  await expect(page).toHaveURL(new RegExp(`/itemInventory/${module.id}/flash-reports$`));
  await expect(pageHeading(page)).toHaveText(`Informes flash de ${module.code}`);
  await expect(page.getByText(module.serial, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo informe flash' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nuevo informe flash' });
  await form.getByRole('textbox', { name: /^Título/ }).fill(title);
  await form
    .getByRole('textbox', { name: 'Descripción' })
    .fill('Módulo con el vidrio roto en la esquina inferior.');
  await chooseOption(page, form.getByRole('combobox', { name: /^Gravedad/ }), 'Alta');
  // The first file input is the photos'.
  await form
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'grieta.png', mimeType: 'image/png', buffer: orangePng(24) });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Informe flash «${title}» creado`)).toBeVisible();

  const reports = page.getByRole('table', { name: 'Informes flash del elemento' });
  const row = reports.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Alta');
  await expect(row).toContainText('Abierto');
  await expect(row).toContainText(ADMIN.name);
  await expect(row.getByLabel('1 fotos · 0 documentos')).toBeVisible();

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/itemInventory/${module.id}/flash-reports/details/\\d+$`));
  await expect(pageHeading(page)).toHaveText(title);
  await expect(page.getByText('Módulo con el vidrio roto en la esquina inferior.')).toBeVisible();
  const thumbnail = page
    .getByRole('button', { name: 'Ampliar la foto grieta.png' })
    .getByRole('img', { name: 'grieta.png' });
  await expect(thumbnail).toBeVisible();
  // The photo really loaded (fetched with the bearer token), not a broken image.
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(24);
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'Foto 1 de 1: grieta.png' });
  await expect(viewer.getByRole('img', { name: 'grieta.png' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();

  // An edit is a full replacement by report id, and it lands in the history.
  await expect(page.getByText('Sin cambios desde su creación.')).toBeVisible();
  await page.getByRole('button', { name: 'Editar informe flash' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar informe flash' });
  await expect(edit.getByRole('textbox', { name: /^Título/ })).toHaveValue(title);
  await chooseOption(page, edit.getByRole('combobox', { name: /^Estado/ }), 'En curso');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Estado: «Abierto» → «En curso»')).toBeVisible();
  await expect(page.getByRole('main').getByText('En curso', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: `Volver a los informes flash de ${module.code}` }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Eliminar ${title}` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Eliminar informe flash' });
  await expect(confirmation).toContainText(
    `¿Eliminar el informe flash «${title}» con sus fotos y documentos?`,
  );
  await confirmation.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await expect(page.getByText(`Informe flash «${title}» eliminado`)).toBeVisible();
  expect((await flashReportsOf(request, access, module.id)).results.map((r) => r.title)).not.toContain(title);
});

test('a flash report the server refuses shows the titled error dialog, in Spanish and in English', async ({
  page,
  request,
}) => {
  const { access } = await obtainTokens(request, ADMIN);
  const module = await moduleWithSerial(request, access);
  const before = (await flashReportsOf(request, access, module.id)).count;
  // The form only checks that there is a title: its length is the server's rule (at most 200).
  const tooLong = 'x'.repeat(201);

  await signInViaApi(page, request, ADMIN, `/itemInventory/${module.id}/flash-reports`);
  await page.getByRole('button', { name: 'Nuevo informe flash' }).first().click();
  let form = page.getByRole('dialog', { name: 'Nuevo informe flash' });
  await form.getByRole('textbox', { name: /^Título/ }).fill(tooLong);
  await form.getByRole('button', { name: 'Guardar' }).click();
  let error = page.getByRole('dialog', { name: 'Error al crear el flash report' });
  await expect(error).toContainText('Asegúrese de que este campo no tiene más de 200 caracteres.');
  // One error, one dialog: the global 400 dialog stays closed.
  await expect(page.getByRole('dialog', { name: 'Datos no válidos' })).toHaveCount(0);
  await error.getByRole('button', { name: 'Aceptar' }).click();
  await expect(error).toBeHidden();
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Cancelar' }).click();

  await chooseLanguage(page, 'English');
  await expect(pageHeading(page)).toHaveText(`Flash reports of ${module.code}`);
  await page.getByRole('button', { name: 'New flash report' }).first().click();
  form = page.getByRole('dialog', { name: 'New flash report' });
  await form.getByRole('textbox', { name: /^Title/ }).fill(tooLong);
  await form.getByRole('button', { name: 'Save' }).click();
  error = page.getByRole('dialog', { name: 'Error creating the flash report' });
  await expect(error).toContainText('Ensure this field has no more than 200 characters.');
  await expect(page.getByRole('dialog', { name: 'Invalid data' })).toHaveCount(0);
  await error.getByRole('button', { name: 'Accept' }).click();

  expect((await flashReportsOf(request, access, module.id)).count).toBe(before);
});

test('adds calibration equipment with a certificate and flags it as expired', async ({ page, request }) => {
  const { access } = await obtainTokens(request, ADMIN);
  const name = `Megóhmetro e2e ${Date.now()}`;
  const calibrated = daysFromToday(-400);
  const expired = daysFromToday(-35);

  await signInViaApi(page, request, ADMIN, '/equipment');
  await expect(pageHeading(page)).toHaveText('Equipos de medida');
  await page.getByRole('button', { name: 'Nuevo equipo' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nuevo equipo' });
  await form.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await form.getByRole('textbox', { name: 'Tipo' }).fill('Megóhmetro');
  await form.getByRole('textbox', { name: 'Marca' }).fill('Fluke');
  await form.getByRole('textbox', { name: 'Modelo' }).fill('1587 FC');
  await form.getByRole('textbox', { name: 'Número de serie' }).fill('FLK-4471');
  await form.getByRole('textbox', { name: 'Número de certificado' }).fill('CAL-2025-118');
  const calibration = form.getByRole('textbox', { name: /^Fecha de calibración/ });
  const expiry = form.getByRole('textbox', { name: /^Fecha de caducidad/ });

  // Checked before sending: the expiry cannot come before the calibration.
  await calibration.fill(expired.typed);
  await calibration.press('Tab');
  await expiry.fill(calibrated.typed);
  await expiry.press('Tab');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    form.getByText('La fecha de caducidad no puede ser anterior a la fecha de calibración.'),
  ).toBeVisible();

  await calibration.fill(calibrated.typed);
  await calibration.press('Tab');
  await expiry.fill(expired.typed);
  await expiry.press('Tab');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'certificado.pdf',
    mimeType: 'application/pdf',
    buffer: CERTIFICATE_PDF,
  });
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Equipo ${name} creado`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Caducado');
  await expect(row).toContainText('Fluke · 1587 FC');
  await expect(row.getByText('Caducado', { exact: true })).toHaveAttribute('class', /Badge/);
  const stored = (await apiGet<Equipment[]>(request, '/api/calibration-equipment/', access)).find(
    (e) => e.name === name,
  );
  expect(stored).toMatchObject({ is_expired: true, documents: [{ name: 'certificado.pdf' }] });

  // The expiry filter keeps it among the expired and drops it from the valid.
  await chooseOption(page, page.getByRole('combobox', { name: 'Caducidad' }), 'Caducados');
  await expect(row).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: 'Caducidad' }), 'Vigentes');
  await expect(row).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Caducidad' }).click();
  await page.getByRole('option', { name: 'Vigentes' }).click(); // choosing it again clears the filter
  await expect(row).toBeVisible();

  // The certificate downloads under its name and is deleted after confirmation.
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar equipo' });
  const download = page.waitForEvent('download');
  await edit.getByRole('button', { name: 'Descargar certificado.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('certificado.pdf');
  await edit.getByRole('button', { name: 'Eliminar certificado.pdf' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Eliminar certificado' });
  await confirmation.getByRole('button', { name: 'Eliminar' }).click();
  await expect(edit.getByText('Sin certificados')).toBeVisible();
  const after = (await apiGet<Equipment[]>(request, '/api/calibration-equipment/', access)).find(
    (e) => e.name === name,
  );
  expect(after?.documents).toEqual([]);
});
