import fs from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  bearer,
  expect,
  KEYS,
  obtainTokens,
  pageHeading,
  signInViaApi,
  test,
} from '../fixtures';

/**
 * Issue 6, the plant's reports: a report is asked for, followed until it is made, downloaded as PDF
 * and Excel and deleted (the list drops it and its count goes down by one); the element list in
 * view is downloaded as CSV and Excel from the elements page.
 */

interface Plant {
  id: number;
  code: string;
}
interface ElementType {
  id: number;
  code: string;
  name: string;
}
interface State {
  id: number;
  element_type: number;
  name: string;
}
interface Report {
  id: number;
  status: 'pending' | 'running' | 'done' | 'failed';
  created_at: string;
  element_type: number | null;
}
interface Paged<T> {
  count: number;
  results: T[];
}

/** The app's date and time in Spanish, as the table and its buttons show it (Europe/Madrid, 24 h). */
function spanishDateTime(iso: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Madrid',
  }).format(new Date(iso));
}

async function demoPlant(request: APIRequestContext) {
  const { access } = await obtainTokens(request, ADMIN);
  const plants = await apiGet<Plant[]>(request, '/api/plants/', access);
  const plant = plants.find((item) => item.code === 'CAR-01')!;
  expect(plant, 'the demo plant CAR-01').toBeTruthy();
  const types = await apiGet<ElementType[]>(request, `/api/plants/${plant.id}/element-types/`, access);
  const piles = types.find((type) => type.code === 'HIN')!;
  return { access, plant, piles };
}

/** Asks for a report through the API and waits until the server has made it. */
async function reportMadeThroughApi(
  request: APIRequestContext,
  access: string,
  plantId: number,
  elementType: number,
): Promise<Report> {
  const response = await request.post(`/api/plants/${plantId}/reports/`, {
    headers: bearer(access),
    data: { element_type: elementType },
  });
  expect(response.status(), 'POST reports/').toBe(202);
  const { id } = (await response.json()) as Report;
  let report: Report | undefined;
  await expect
    .poll(
      async () => {
        report = await apiGet<Report>(request, `/api/plants/${plantId}/reports/${id}/`, access);
        return report.status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  return report!;
}

async function savedFile(download: Download): Promise<Buffer> {
  const path = await download.path();
  expect(path, `the downloaded file ${download.suggestedFilename()}`).toBeTruthy();
  return fs.readFile(path);
}

async function downloadBy(page: Page, button: Locator): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return download;
}

/** "3 informes", "1 informe": the count above the table. */
function reportCount(page: Page): Locator {
  return page.getByTestId('reports-count');
}

test.describe('plant reports', () => {
  test('a report is made, downloaded as PDF and Excel, and deleted from the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { access, plant, piles } = await demoPlant(request);
    // One report of piles already there, so that the count has something to go back to.
    await reportMadeThroughApi(request, access, plant.id, piles.id);
    const before = await apiGet<Paged<Report>>(
      request,
      `/api/plants/${plant.id}/reports/?page_size=1`,
      access,
    );
    expect(before.count).toBeGreaterThan(0);

    await signInViaApi(page, request, ADMIN, `/reports/plant/${plant.id}`);
    await expect(pageHeading(page)).toHaveText('Informes');
    await expect(page.getByRole('tab', { name: 'Informes', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Informes históricos' })).toBeVisible();
    await expect(reportCount(page)).toHaveText(
      `${before.count} ${before.count === 1 ? 'informe' : 'informes'}`,
    );

    // Ask for a report of every element type.
    await page.getByRole('button', { name: 'Crear informe' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo informe' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Tipo de elemento' })).toHaveValue('');
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/plants/${plant.id}/reports/`) && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Crear informe' }).click();
    const report = (await (await created).json()) as Report;
    expect(report.status).toBe('pending');
    await expect(dialog).toBeHidden();
    const date = spanishDateTime(report.created_at);

    // The newest report comes first: for every type, by the administrator, in Spanish.
    const table = page.getByRole('table', { name: 'Informes' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(date);
    await expect(row).toContainText('Todos');
    await expect(row).toContainText(ADMIN.name);
    await expect(row).toContainText('Español');
    await expect(reportCount(page)).toHaveText(`${before.count + 1} informes`);

    // Followed until it is made: then a notification and the downloads turn on.
    await expect(row).toContainText('Listo', { timeout: 45_000 });
    await expect(page.getByText(`El informe del ${date} está listo para descargar.`)).toBeVisible();
    await expect(row.getByRole('progressbar')).toHaveCount(0);

    const pdf = await savedFile(
      await downloadBy(page, row.getByRole('button', { name: `Descargar el PDF del informe del ${date}` })),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages.length, 'pages in the PDF').toBeGreaterThanOrEqual(1);

    const excel = await savedFile(
      await downloadBy(page, row.getByRole('button', { name: `Descargar el Excel del informe del ${date}` })),
    );
    expect(excel.subarray(0, 2).toString('latin1')).toBe('PK');

    // Deleted after a confirmation: the row goes and the count goes down by one.
    await row.getByRole('button', { name: `Eliminar el informe del ${date}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Eliminar informe' });
    await expect(confirmation).toContainText(`¿Eliminar el informe del ${date}?`);
    const deleted = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/plants/${plant.id}/reports/${report.id}/`) &&
        response.request().method() === 'DELETE',
    );
    await confirmation.getByRole('button', { name: 'Eliminar' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(reportCount(page)).toHaveText(
      `${before.count} ${before.count === 1 ? 'informe' : 'informes'}`,
    );
    await expect(table.getByRole('button', { name: `Descargar el PDF del informe del ${date}` })).toHaveCount(
      await countOtherReportsAt(request, access, plant.id, date),
    );
    const gone = await request.get(`/api/plants/${plant.id}/reports/${report.id}/`, {
      headers: bearer(access),
    });
    expect(gone.status()).toBe(404);
  });

  test('the element list in view downloads as CSV and Excel', async ({ page, request }) => {
    const { access, plant, piles } = await demoPlant(request);
    // A state that some piles are in, so that the filtered file has rows to count.
    const states = await apiGet<State[]>(request, `/api/plants/${plant.id}/states/`, access);
    let chosen: { state: State; count: number } | undefined;
    for (const state of states.filter((item) => item.element_type === piles.id)) {
      const { count } = await apiGet<Paged<unknown>>(
        request,
        `/api/plants/${plant.id}/hincas/?state=${state.id}&page_size=1`,
        access,
      );
      if (count > 0 && count < 5000 && (!chosen || count < chosen.count)) chosen = { state, count };
    }
    expect(chosen, 'a pile state with piles in it').toBeTruthy();
    const { state, count } = chosen!;

    await signInViaApi(page, request, ADMIN, `/plants/${plant.id}/elements?type=HIN&state=${state.id}`);
    await expect(pageHeading(page)).toHaveText('Elementos');
    await expect(page.getByRole('status').filter({ hasText: /de / })).toContainText(
      `de ${count.toLocaleString('es-ES')}`,
    );

    const menuButton = page.getByRole('button', { name: 'Elementos para descargar' });
    await menuButton.click();
    const csv = await savedFile(await downloadBy(page, page.getByRole('menuitem', { name: 'CSV (.csv)' })));
    const lines = csv
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    expect(lines.length, 'a header row and one row per element of the filter').toBe(count + 1);
    expect(lines[0].toLowerCase()).toContain('código');
    expect(lines.slice(1).every((line) => line.includes(state.name))).toBe(true);

    await menuButton.click();
    const xlsx = await savedFile(
      await downloadBy(page, page.getByRole('menuitem', { name: 'Excel (.xlsx)' })),
    );
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  test('in English the page shows English labels', async ({ page, request }) => {
    const { access, plant, piles } = await demoPlant(request);
    const report = await reportMadeThroughApi(request, access, plant.id, piles.id);
    await page.goto('/favicon.svg');
    await page.evaluate((key) => localStorage.setItem(key, 'en'), KEYS.language);
    await signInViaApi(page, request, ADMIN, `/reports/plant/${plant.id}`);

    await expect(pageHeading(page)).toHaveText('Reports');
    await expect(page.getByRole('tab', { name: 'Reports', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Historic reports' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create report' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Reports' });
    for (const column of ['Date', 'Type', 'Author', 'Language', 'Status', 'Actions'])
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    // The report of piles made above: its type in the glossary's English, its status and language.
    const row = table.getByRole('row').filter({ hasText: 'Piles' }).first();
    await expect(row).toContainText('Ready');
    await expect(row).toContainText('Español');
    await expect(page.getByLabel('Element type').first()).toBeVisible();
    await expect(page.getByText(/^\d+ reports?$/)).toBeVisible();
    expect(report.status).toBe('done');

    // The scheduler keeps one historic report per plant and day from the server's start: today's
    // is there, and the tab lists exactly what the API has.
    const historicUrl = `/api/plants/${plant.id}/historic-reports/?page_size=1000`;
    await expect
      .poll(async () => (await apiGet<Paged<Report>>(request, historicUrl, access)).count)
      .toBeGreaterThan(0);
    const historic = await apiGet<Paged<Report>>(request, historicUrl, access);
    await page.getByRole('tab', { name: 'Historic reports' }).click();
    await expect(page).toHaveURL(/tab=historic/);
    const historicTable = page.getByRole('table', { name: 'Historic reports' });
    await expect(historicTable.getByRole('row')).toHaveCount(Math.min(historic.count, 25) + 1);
    await expect(historicTable.getByRole('row').nth(1)).toContainText('Ready');
    await expect(page.getByText('No historic reports yet')).toHaveCount(0);
  });
});

/** Other reports made in the same minute keep their buttons: only the deleted one must go. */
async function countOtherReportsAt(
  request: APIRequestContext,
  access: string,
  plantId: number,
  date: string,
): Promise<number> {
  const list = await apiGet<Paged<Report>>(request, `/api/plants/${plantId}/reports/?page_size=1000`, access);
  return list.results.filter((item) => item.status === 'done' && spanishDateTime(item.created_at) === date)
    .length;
}
