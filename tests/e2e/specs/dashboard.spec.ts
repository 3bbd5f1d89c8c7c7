import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN,
  apiGet,
  bearer,
  chooseLanguage,
  expect,
  logOutViaUserMenu,
  obtainTokens,
  pageHeading,
  sessionStorageOf,
  signInViaApi,
  signInViaUi,
  summaryValue,
  test,
} from '../fixtures';

/**
 * Issue 6, construction progress at a glance: the dashboard shows the server's figures, draws its
 * charts (ECharts) and its situation map (MapLibre), keeps its filters through a reload, compares
 * ok against not ok between two dates, and speaks the user's language.
 */

interface AnomalyEffects {
  anomaly_count: number;
  affected_modules: number;
  affected_power_kw: number;
}
interface DashboardAnswer {
  plant_count: number;
  total_power: number;
  module_count: number;
  element_count: number;
  plants: {
    id: number;
    code: string;
    name: string;
    centre: { latitude: number; longitude: number } | null;
    ok_by_type: { total: number; ok: number }[];
  }[];
  recent_inspections: { id: number; updated_at: string; ppi: { code: string } }[];
  anomalies: AnomalyEffects;
}
interface ElementsOkRow {
  element_type: number;
  code: string;
  total: number;
}
interface ElementsByState {
  total: number;
  states: { state: number; name: string; is_ok: boolean; count: number }[];
}
interface Milestone {
  id: number;
  name: string;
}
interface Ctr {
  id: number;
  code: string;
}

/** The plant the dashboard opens with: the first of the dashboard's plants. */
async function firstPlant(request: APIRequestContext, access: string) {
  const dashboard = await apiGet<DashboardAnswer>(request, '/api/dashboard/', access);
  return { dashboard, plant: dashboard.plants[0] };
}

/** A milestone on the plant's modules, so that the S-curve and the planning chart have something to draw. */
async function ensureMilestone(
  request: APIRequestContext,
  access: string,
  plantId: number,
): Promise<Milestone> {
  const existing = await apiGet<Milestone[]>(request, `/api/plants/${plantId}/milestones/`, access);
  if (existing.length > 0) return existing[0];
  const types = await apiGet<ElementsOkRow[]>(request, `/api/plants/${plantId}/elements-ok/`, access);
  const type = types.find((t) => t.total > 0 && t.code === 'MOD') ?? types.find((t) => t.total > 0);
  expect(type, 'a type with elements on the plant').toBeTruthy();
  const byState = await apiGet<ElementsByState>(
    request,
    `/api/elements-by-state/?plant=${plantId}&element_type=${type!.element_type}`,
    access,
  );
  const target = byState.states.find((s) => s.is_ok) ?? byState.states[0];
  const response = await request.post(`/api/plants/${plantId}/milestones/`, {
    headers: bearer(access),
    data: {
      name: 'Montaje e2e',
      element_type: type!.element_type,
      state: target.state,
      target_count: type!.total,
      target_date: '2026-12-31',
    },
  });
  expect(response.status(), 'milestone created').toBe(201);
  return (await response.json()) as Milestone;
}

/** A figure of a card: the text right below its label. */
function figure(scope: Locator, label: string): Locator {
  return scope
    .getByText(label, { exact: true })
    .and(scope.locator('p'))
    .locator('xpath=following-sibling::*[1]');
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** A chart has drawn when its SVG has a size and some shapes in it. */
async function expectChartDrawn(chart: Locator) {
  const svg = chart.locator('[data-chart] svg').first();
  await expect(svg).toBeVisible();
  const box = await svg.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
  await expect.poll(() => chart.locator('[data-chart] svg path').count()).toBeGreaterThan(2);
}

function formatted(page: Page, locale: string, value: number, options: Intl.NumberFormatOptions) {
  return page.evaluate(({ locale, value, options }) => new Intl.NumberFormat(locale, options).format(value), {
    locale,
    value,
    options,
  });
}

async function pick(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('dashboard', () => {
  test('shows the server figures, the situation map and draws its charts', async ({ page, request }) => {
    const { access } = await obtainTokens(request, ADMIN);
    const { plant } = await firstPlant(request, access);
    const milestone = await ensureMilestone(request, access, plant.id);
    // Read after the milestone: the figures are the server's as the page loads them.
    const dashboard = await apiGet<DashboardAnswer>(request, '/api/dashboard/', access);

    await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(pageHeading(page)).toHaveText('Dashboard');

    const integer = (value: number) =>
      formatted(page, 'es-ES', value, { maximumFractionDigits: 0, useGrouping: true });
    await expect(summaryValue(page, 'Plantas solares')).toHaveText(await integer(dashboard.plant_count));
    await expect(summaryValue(page, 'Módulos fotovoltaicos')).toHaveText(
      await integer(dashboard.module_count),
    );
    await expect(summaryValue(page, 'Potencia total')).toHaveText(
      `${await formatted(page, 'es-ES', dashboard.total_power, { minimumFractionDigits: 0, maximumFractionDigits: 2 })} MWp`,
    );
    const anomalies = section(page, 'Efectos de las anomalías');
    await expect(figure(anomalies, 'Anomalías')).toHaveText(await integer(dashboard.anomalies.anomaly_count));
    await expect(figure(anomalies, 'Módulos afectados')).toHaveText(
      await integer(dashboard.anomalies.affected_modules),
    );
    await expect(figure(anomalies, 'Potencia afectada')).toHaveText(
      `${await formatted(page, 'es-ES', dashboard.anomalies.affected_power_kw, { maximumFractionDigits: 1 })} kW`,
    );

    // Recent inspections: the latest PPI results, as many as the server has, newest first.
    const recent = section(page, 'Inspecciones recientes');
    await expect(recent.getByRole('listitem')).toHaveCount(dashboard.recent_inspections.length);
    if (dashboard.recent_inspections.length === 0)
      await expect(recent).toContainText('Todavía no hay resultados de PPI');
    else
      await expect(recent.getByRole('listitem').first()).toContainText(
        dashboard.recent_inspections[0].ppi.code,
      );
    if (dashboard.recent_inspections.length > 1) {
      const times = await recent
        .locator('time')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
      expect([...times].sort().reverse()).toEqual(times);
    }

    // One marker per located plant, named with its progress; a click opens the plant's elements.
    const located = dashboard.plants.filter((p) => p.centre !== null);
    const map = page.getByRole('region', { name: /^Mapa de situación de las plantas/ });
    await expect(map.locator('canvas')).toBeVisible();
    await expect(map.locator('button[data-plant]')).toHaveCount(located.length);
    const okShare = (p: DashboardAnswer['plants'][number]) => {
      const total = p.ok_by_type.reduce((sum, t) => sum + t.total, 0);
      return total ? p.ok_by_type.reduce((sum, t) => sum + t.ok, 0) / total : 0;
    };
    const percent = await formatted(page, 'es-ES', okShare(located[0]), {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    await expect(
      map.getByRole('button', { name: `${located[0].name}: ${percent} de elementos OK` }),
    ).toBeVisible();

    // The charts draw.
    await expectChartDrawn(section(page, 'Avance por tipo de elemento'));
    const sCurve = section(page, 'Curva S: planificado frente a real');
    await expectChartDrawn(sCurve);
    await expect(section(page, 'Elementos por planificación frente a otros elementos')).toContainText(
      milestone.name,
    );
    await expectChartDrawn(section(page, 'Elementos por planificación frente a otros elementos'));

    await map.locator(`button[data-plant="${located[0].id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/plants/${located[0].id}/elements$`));
  });

  test('compare refuses without elements, then compares ok against not ok', async ({ page, request }) => {
    const { access } = await obtainTokens(request, ADMIN);
    const { plant } = await firstPlant(request, access);
    await signInViaApi(page, request, ADMIN, '/dashboard');
    const compare = section(page, 'Comparar');
    await compare.getByRole('button', { name: 'Comparar', exact: true }).click();
    await expect(compare.getByRole('alert')).toHaveText('Se necesita al menos un elemento para comparar.');
    await expect(compare.getByRole('table')).toHaveCount(0);

    await pick(page, compare, 'Tipo de elemento', 'Módulos');
    await compare.getByRole('button', { name: 'Añadir elemento' }).click();
    await compare.getByRole('button', { name: 'Comparar', exact: true }).click();
    await expect(compare.getByRole('alert')).toHaveCount(0);
    const table = compare.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expectChartDrawn(compare);

    // The end column is the server's count of ok modules at the end date (today).
    const types = await apiGet<ElementsOkRow[]>(request, `/api/plants/${plant.id}/elements-ok/`, access);
    const modules = types.find((t) => t.code === 'MOD')!;
    const endDate = await compare.getByRole('textbox', { name: 'Fecha de fin' }).inputValue();
    expect(endDate).not.toBe('');
    const today = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    });
    const atEnd = await apiGet<ElementsByState>(
      request,
      `/api/elements-by-state/?plant=${plant.id}&element_type=${modules.element_type}&target_date=${today}`,
      access,
    );
    const okAtEnd = atEnd.states.filter((s) => s.is_ok).reduce((sum, s) => sum + s.count, 0);
    await expect(table.locator('tbody tr td').nth(3)).toHaveText(
      await formatted(page, 'es-ES', okAtEnd, { maximumFractionDigits: 0, useGrouping: true }),
    );
  });

  test('the filters survive a reload', async ({ page, request }) => {
    const { access } = await obtainTokens(request, ADMIN);
    const { plant } = await firstPlant(request, access);
    const ctrs = await apiGet<{ results: Ctr[] }>(
      request,
      `/api/plants/${plant.id}/ctrs/?page_size=50`,
      access,
    );
    expect(ctrs.results.length, 'the seeded plant has transformation centres').toBeGreaterThan(0);
    const ctr = ctrs.results[0];

    await signInViaApi(page, request, ADMIN, '/dashboard');
    const filters = section(page, 'Filtros');
    await pick(page, filters, 'Centro de transformación', ctr.code);
    const dateInput = filters.getByRole('textbox', { name: 'Fecha objetivo' });
    await dateInput.click();
    // The calendar opens on the current month; the 15th is on every month.
    await page.getByRole('button', { name: /^15 / }).first().click();
    const chosenDate = await dateInput.inputValue();
    expect(chosenDate).not.toBe('');
    await expect(section(page, 'Avance por tipo de elemento')).toContainText(ctr.code);

    const stored = JSON.parse((await sessionStorageOf(page)).dashboard_filters ?? '{}');
    expect(stored.ctrId).toBe(ctr.id);
    expect(stored.targetDate).toMatch(/^\d{4}-\d{2}-15$/);

    await page.reload();
    await expect(
      filters.getByRole('combobox', { name: 'Centro de transformación', exact: true }),
    ).toHaveValue(ctr.code);
    await expect(filters.getByRole('textbox', { name: 'Fecha objetivo' })).toHaveValue(chosenDate);
    await expect(section(page, 'Avance por tipo de elemento')).toContainText(ctr.code);

    // By planning: the flag is kept too.
    await filters.getByText('Planificación objetivo').click();
    await expect(filters.getByRole('combobox', { name: 'Hito', exact: true })).toBeVisible();
    await page.reload();
    await expect(filters.getByRole('combobox', { name: 'Hito', exact: true })).toBeVisible();
  });

  test('an added chart draws, stays after a reload and a logout, and can be removed', async ({
    page,
    request,
  }) => {
    // Three full page loads, a logout and a login with charts drawn each time: past the 30 s default
    // on a loaded 2-core machine (measured 30+ s under load), so it gets three times that.
    test.slow();
    // The charts live on the server: start this user from none, whatever an earlier run left.
    const { access } = await obtainTokens(request, ADMIN);
    const reset = await request.put('/api/user/dashboard-charts/', {
      headers: bearer(access),
      data: { charts: [] },
    });
    expect(reset.status(), 'charts emptied').toBe(200);
    await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(page.getByText(/^Añade gráficos propios/)).toBeVisible();
    await page.getByRole('button', { name: 'Añadir gráfico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir un gráfico al dashboard' });
    await dialog.getByRole('button', { name: 'Añadir gráfico' }).click();
    await expect(dialog).toContainText('Elige un tipo de elemento.');
    await pick(page, dialog, 'Tipo de elemento', 'Hincas');
    await dialog.getByRole('combobox', { name: 'Estados', exact: true }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('option').nth(1).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('Líneas en el tiempo').click();
    await dialog.getByRole('button', { name: 'Añadir gráfico' }).click();
    await expect(dialog).toBeHidden();

    const chart = page.getByRole('region', { name: /^Hincas: / });
    await expectChartDrawn(chart);
    const title = await chart.getAttribute('aria-label');
    await page.reload();
    await expectChartDrawn(chart);

    // Logout clears the browser's storage; the chart was saved on the server and comes back.
    await expect
      .poll(async () =>
        (await apiGet<{ kind: string }[]>(request, '/api/user/dashboard-charts/', access)).map((c) => c.kind),
      )
      .toEqual(['line']);
    await logOutViaUserMenu(page);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await signInViaUi(page, ADMIN);
    await expectChartDrawn(chart);
    if (title) await expect(chart).toHaveAttribute('aria-label', title);
    await expect(chart).toHaveCount(1);

    await chart.getByRole('button', { name: 'Quitar el gráfico' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Quitar el gráfico' }).click();
    await expect(chart).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(/^Añade gráficos propios/)).toBeVisible();
    expect(await apiGet<unknown[]>(request, '/api/user/dashboard-charts/', access)).toEqual([]);
  });

  test('elements to download saves the plant’s element list', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/dashboard');
    const download = section(page, 'Elementos para descargar');
    await pick(page, download, 'Tipo de elemento', 'Inversores');
    await download.getByText('CSV', { exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      download.getByRole('button', { name: 'Descargar' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
  });

  test('switching to English changes the labels', async ({ page, request }) => {
    await signInViaApi(page, request, ADMIN, '/dashboard');
    await expect(section(page, 'Mapa de situación')).toBeVisible();
    await chooseLanguage(page, 'English');
    for (const name of [
      'Situation map',
      'Recent inspections',
      'Effects of anomalies',
      'Filters',
      'Progress by element type',
      'S-curve: planned versus actual',
      'Elements by planning versus other elements',
      'Elements to download',
      'Compare',
    ]) {
      await expect(section(page, name)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Add chart' })).toBeVisible();
    await expect(summaryValue(page, 'Photovoltaic modules')).toBeVisible();
    const compare = section(page, 'Compare');
    await expect(compare.getByText('Elements to compare')).toBeVisible();
    await expect(compare.getByText('Cross filters')).toBeVisible();
    await expect(compare.getByRole('textbox', { name: 'Start date' })).toBeVisible();
    await expect(compare.getByRole('button', { name: 'Update date' })).toBeVisible();
    await compare.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(compare.getByRole('alert')).toHaveText('Need at least one element to compare.');
  });
});
