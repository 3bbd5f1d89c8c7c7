import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './lib/config';
import { createDb } from './db/database';
import { migrateToLatest } from './db/migrate';

/*
 * `npm run openapi:export -- <file>`: writes the OpenAPI document (the one /api/openapi.json serves)
 * without starting a server, for `npm run lint:api` and client generators. `servers` is PUBLIC_URL
 * when set. Builds the app on an empty in-memory database; nothing is read from or written to DATA_DIR.
 */
async function main() {
  const target = process.argv[2];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heliotrack-openapi-'));
  const config = loadConfig({
    ...(process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {}),
    DATA_DIR: dir,
    DATABASE_URL: ':memory:',
    // Signs nothing: the app needs a secret to be built.
    JWT_SECRET: 'openapi-export-openapi-export-openapi-export',
    HISTORIC_REPORTS: 'off',
    WEB_DIST: path.join(dir, 'no-web'),
  });
  const db = createDb({ url: config.databaseUrl });
  try {
    await migrateToLatest(db);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const json = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    if (!target) {
      process.stdout.write(json);
      return;
    }
    // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed.
    const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, json);
    console.error(`OpenAPI document written to ${file}`);
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
