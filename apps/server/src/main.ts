import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_LOGINS, seedDemo } from './demo/seed';
import { logStartNotes } from './start-notes';

async function main() {
  const config = loadConfig();
  const db = createDb({ url: config.databaseUrl });
  const app = await buildApp({ config, db });
  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ applied }, 'database migrated');
  if (config.seedDemo) {
    const started = Date.now();
    const seeded = await seedDemo(db, { largePlantMwp: config.demoLargePlantMwp, log: (msg) => app.log.info(msg) });
    if (seeded) app.log.info(`demo organisation seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await logStartNotes(db, config, app.log);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await app.close();
      await db.destroy();
      process.exit(0);
    });
  }
  // Ready first (it starts the map warm-up), then listen once the maps are warm.
  await app.ready();
  await app.mapsWarmed();
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(`\nHeliotrack is running on ${url}  (API docs: ${url}/api/docs)`);
  if (config.seedDemo) {
    console.log('Demo logins (password: heliotrack):');
    for (const login of DEMO_LOGINS) console.log(`  ${login.email.padEnd(28)} ${login.description}`);
  }
  console.log(`Database: ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
