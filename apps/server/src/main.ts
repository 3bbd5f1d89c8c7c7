import { buildApp } from './app';
import { ConfigError, loadConfig } from './lib/config';
import { createDb } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_LOGINS, seedDemo } from './demo/seed';
import { logStartNotes } from './start-notes';

async function main() {
  const config = loadConfig();
  const db = createDb({ url: config.databaseUrl, backgroundCheckpoints: true });
  const app = await buildApp({ config, db });
  const applied = await migrateToLatest(db);
  if (applied.length) app.log.info({ applied }, 'database migrated');
  if (config.seedDemo) {
    const started = Date.now();
    const seeded = await seedDemo(db, { largePlantMwp: config.demoLargePlantMwp, log: (msg) => app.log.info(msg) });
    if (seeded) app.log.info(`demo organisation seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await logStartNotes(db, config, app.log);
  // Stop taking requests, let the running ones and the running job finish, then exit; whatever is
  // still running after SHUTDOWN_TIMEOUT is cut short (exit code 1), so an orchestrator never waits long.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      app.log.info({ signal, timeoutSeconds: config.shutdownTimeout }, 'shutting down');
      setTimeout(() => {
        app.log.error({ timeoutSeconds: config.shutdownTimeout }, 'shutdown timed out: exiting with work unfinished');
        process.exit(1);
      }, config.shutdownTimeout * 1000).unref();
      await app.close();
      await db.destroy();
      app.log.info('shut down');
      process.exit(0);
    });
  }
  // Ready first (it starts the map warm-up), then listen at once: /api/health/ answers while the
  // maps warm (seconds on a large plant), /api/ready/ only once they are warm, so a balancer sends
  // no traffic before; the "running" line (which the bench waits for) comes when they are.
  await app.ready();
  await app.listen({ port: config.port, host: config.host });
  await app.mapsWarmed();
  const url = `http://localhost:${config.port}`;
  // One JSON line like every other (a log collector reads it); the database URL without its credentials.
  app.log.info(
    {
      url,
      docs: `${url}/api/docs`,
      database: config.databaseUrl.replace(/\/\/[^@]*@/, '//***@'),
      ...(config.seedDemo ? { demoLogins: DEMO_LOGINS.map((login) => login.email) } : {}),
    },
    `Heliotrack is running on ${url}`,
  );
}

// Before the app (and its logger) exists: the same pino-shaped JSON line, on stderr.
main().catch((error) => {
  const detail = error instanceof ConfigError ? { msg: error.message } : { msg: 'start failed', err: { message: String(error?.message ?? error), stack: error?.stack } };
  console.error(JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, ...detail }));
  process.exit(1);
});
