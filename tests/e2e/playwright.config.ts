import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// A freshly seeded server per run, on its own port and data folder, serving the built web app.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = path.join(os.tmpdir(), `heliotrack-e2e-${PORT}`);
const WEB_DIST = path.join(DATA_DIR, 'web');
// E2E_WEB_DIST lets parallel work build the web app elsewhere (vite build --outDir) and test that build.
const WEB_BUILD = process.env.E2E_WEB_DIST ?? '../../apps/web/dist';

export default defineConfig({
  testDir: './specs',
  // Per port: a second run started beside this one (another port) cleans only its own results.
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  // A flaky test is a bug to fix, never to retry; a test.only left in fails CI.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Two cores run the server, PostgreSQL and Chromium together: a test that takes 13 s alone has
  // taken 37 s on PostgreSQL while other work loaded the machine. The budget is for hangs, not speed.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The built app registers a service worker that precaches the whole build (issue 16). Specs
    // that do not test offline run without it: its background precache would compete with the test
    // for the two cores, and page.route() does not see requests a service worker makes. The offline
    // shell spec turns it on with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The server gets its own copy of the built web app: a build started elsewhere in the working
    // tree while the tests run (it empties apps/web/dist first) cannot blank the pages under them.
    command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && cp -r ${WEB_BUILD} ${WEB_DIST} && npm run serve --prefix ../..`,
    // Ready: migrated, seeded and the map caches warm (the server listens, and /api/health/ answers, before).
    url: `http://localhost:${PORT}/api/ready/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      WEB_DIST,
      // run.mjs sets E2E_DATABASE_URL for the PostgreSQL run (a database it has just made anew).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? path.join(DATA_DIR, 'e2e.db'),
      DEMO_LARGE_PLANT_MWP: '2',
      RATE_LIMIT_LOGIN: '1000',
      // Every spec logs the demo users in: no per-account limit, and scrypt at 2^14 instead of 2^17.
      RATE_LIMIT_ACCOUNT: '1000',
      PASSWORD_HASH_COST: '14',
      LOG_LEVEL: 'warn',
      // The native-app spec points the app at http://127.0.0.1:PORT, another origin than the page's.
      CORS_ORIGINS: `http://localhost:${PORT}`,
    },
  },
});
