import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// A freshly seeded server per run, on its own port and data folder, serving the built web app.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA_DIR = path.join(os.tmpdir(), `heliotrack-e2e-${PORT}`);

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
    command: `rm -rf ${DATA_DIR} && npm run serve --prefix ../..`,
    url: `http://localhost:${PORT}/api/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DATABASE_URL: path.join(DATA_DIR, 'e2e.db'),
      DEMO_LARGE_PLANT_MWP: '2',
      RATE_LIMIT_LOGIN: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
