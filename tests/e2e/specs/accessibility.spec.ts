import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, apiGet, expect, getProfile, KEYS, obtainTokens, pageHeading, test } from '../fixtures';

/**
 * Issue 34: axe-core's WCAG 2.1 A/AA rules on the 14 main screens, at a desktop and a phone size,
 * in Spanish and English, in the light theme and in "Alto contraste". Serious and critical
 * violations fail; every violation is counted by rule in the attached report. The database does not
 * matter here (the demo's data only fills the screens): it runs once, in the SQLite pass.
 */

const DESKTOP = { name: 'desktop', viewport: { width: 1366, height: 768 } };
const PHONE = { name: 'phone', viewport: { width: 390, height: 844 } };
/**
 * Every pair of (size, language, theme) values is covered by one of four passes instead of eight:
 * colours do not depend on the language, names do not depend on the theme, and each pass is a
 * minute or more of axe on fourteen screens.
 */
const PASSES = [
  { size: DESKTOP, language: 'es', theme: 'light' },
  { size: DESKTOP, language: 'en', theme: 'high-contrast' },
  { size: PHONE, language: 'en', theme: 'light' },
  { size: PHONE, language: 'es', theme: 'high-contrast' },
  // The office's dark mode follows the system (defaultColorScheme "auto"): emulated here.
  { size: DESKTOP, language: 'en', theme: 'dark' },
] as const;
/** lib/storage.ts WEB_STORAGE_KEYS.highContrast */
const HIGH_CONTRAST_KEY = 'high_contrast';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The screens the issue asks to look at in both themes. */
const SCREENSHOTS = new Set(['dashboard', 'elements map', 'PPI results']);

interface Screen {
  name: string;
  path: string;
}

/** The screens of the issue on the demo's plant CAR-01 and its first PPI, after the login page. */
async function demoScreens(request: APIRequestContext, access: string): Promise<Screen[]> {
  const plants = await apiGet<{ id: number; code: string }[]>(request, '/api/plants/', access);
  const plant = plants.find((p) => p.code === 'CAR-01')!;
  const ppis = await apiGet<{ id: number }[] | { results: { id: number }[] }>(
    request,
    `/api/plants/${plant.id}/ppis/`,
    access,
  );
  const ppi = (Array.isArray(ppis) ? ppis : ppis.results)[0];
  return [
    { name: 'dashboard', path: '/dashboard' },
    { name: 'plants', path: '/plants' },
    { name: 'elements', path: `/plants/${plant.id}/elements?type=HIN` },
    { name: 'elements map', path: `/plants/${plant.id}/elements-map?type=TRA` },
    { name: 'reports', path: `/reports/plant/${plant.id}` },
    { name: 'sync review', path: `/plants/${plant.id}/sync-review?resolved=all` },
    { name: 'contractors', path: '/contractors' },
    { name: 'users', path: '/users' },
    { name: 'equipment', path: '/equipment' },
    { name: 'inventory', path: '/itemInventory' },
    { name: 'PPI list', path: '/ppis/main' },
    { name: 'PPI results', path: `/ppis/${ppi.id}/ppi-results` },
    { name: 'PPI summary', path: `/ppis/${ppi.id}/ppi-results-summary` },
    { name: 'state management', path: '/plants/state-management' },
  ];
}

/**
 * Waits for the screen's heading, then for its data: no request for a moment, or at most 15 s (a
 * map keeps asking for tiles while it draws; the dashboard's charts below the fold load only when
 * scrolled to). What loads later is checked less, never wrongly.
 */
async function settle(page: Page, screen: Screen) {
  if (screen.name === 'login') {
    await expect(page.getByRole('main').getByRole('button').last()).toBeVisible({ timeout: 30_000 });
  } else {
    // Each screen is a lazy chunk: on a loaded two-core machine its first paint can take a while.
    await expect(pageHeading(page)).toBeVisible({ timeout: 30_000 });
  }
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
}

/** Screens left out of the default run while they have serious violations (none now; issue 34). */
const NOT_YET_PASSING = new Set<string>();

/** A11Y_SCREENS=inventory,PPI results checks only those (the login page always: it signs in). */
const ONLY = process.env.A11Y_SCREENS?.split(',').map((name) => name.trim());
function chosen(screen: Screen): boolean {
  if (screen.name === 'login') return true;
  return ONLY ? ONLY.includes(screen.name) : !NOT_YET_PASSING.has(screen.name);
}

type Counts = Record<string, number>;

test.describe('accessibility @once', () => {
  for (const { size, language, theme } of PASSES) {
    test(`no serious or critical violation, ${size.name}, ${theme}, ${language}`, async ({
      page,
      request,
    }, testInfo) => {
      // Fourteen screens and axe on each: about a minute alone, several on a loaded two-core machine.
      test.setTimeout(480_000);
      const tokens = await obtainTokens(request, ADMIN);
      const profile = await getProfile(request, tokens.access);
      const screens = await demoScreens(request, tokens.access);
      await page.setViewportSize(size.viewport);
      await page.emulateMedia({ colorScheme: theme === 'dark' ? 'dark' : 'light' });
      await page.goto('/favicon.svg');
      await page.evaluate(
        ({ keys, language, theme, highContrastKey }) => {
          localStorage.setItem(keys.language, language);
          if (theme === 'high-contrast') localStorage.setItem(highContrastKey, 'true');
        },
        { keys: KEYS, language, theme, highContrastKey: HIGH_CONTRAST_KEY },
      );
      const found: Record<string, Counts> = {};
      const failures: string[] = [];
      for (const screen of [{ name: 'login', path: '/login' } as Screen, ...screens].filter(chosen)) {
        await test.step(screen.name, async () => {
          await page.goto(screen.path);
          await settle(page, screen);
          if (screen.name === 'login') {
            // Signed in from here on, like signInViaApi.
            await page.evaluate(
              ({ keys, tokens, profile }) => {
                localStorage.setItem(keys.token, tokens.access);
                localStorage.setItem(keys.refreshToken, tokens.refresh);
                localStorage.setItem(keys.user, JSON.stringify(profile));
              },
              { keys: KEYS, tokens, profile },
            );
          }
          if (SCREENSHOTS.has(screen.name)) {
            await page.screenshot({ path: testInfo.outputPath(`${screen.name.replace(/ /g, '-')}.png`) });
          }
          const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
          const counts: Counts = {};
          for (const violation of results.violations) {
            counts[violation.id] = violation.nodes.length;
            if (violation.impact === 'serious' || violation.impact === 'critical') {
              failures.push(
                `${screen.name}: ${violation.id} (${violation.impact}) ×${violation.nodes.length}: ` +
                  violation.nodes
                    .slice(0, 3)
                    .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
                    .join(' | ') +
                  // What axe measured on the first one (for colour contrast: both colours and the ratio).
                  ` — ${violation.nodes[0].failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
              );
            }
          }
          found[screen.name] = counts;
          console.log(`  ${screen.name}: ${JSON.stringify(counts)}`);
        });
      }
      const total: Counts = {};
      for (const counts of Object.values(found)) {
        for (const [rule, n] of Object.entries(counts)) total[rule] = (total[rule] ?? 0) + n;
      }
      console.log(`axe ${size.name} ${theme} ${language}: ${JSON.stringify(total)}`);
      await testInfo.attach('axe-violations-by-screen.json', {
        body: JSON.stringify(found, null, 2),
        contentType: 'application/json',
      });
      expect(failures, 'serious or critical axe violations').toEqual([]);
    });
  }
});
