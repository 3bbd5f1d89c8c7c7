/**
 * `npm run demo:generate -- --mwp 250`: adds a reference plant of the given peak power to the
 * Demo Solar organisation (seeding the demo first on an empty database), for benchmarks and
 * load tests. Running it again with the same power leaves the existing plant alone.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../lib/config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_CENTERS, seedDemo } from './seed';
import { createDemoPlant } from './plant';

const USAGE =
  'usage: npm run demo:generate -- --mwp <peak power in MWp, above 0 and at most 1000> [--code REF-250] [--name "…"]';

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      mwp: { type: 'string' },
      code: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const mwp = Number(values.mwp);
  if (
    values.mwp === undefined ||
    values.mwp.trim() === '' ||
    !Number.isFinite(mwp) ||
    mwp <= 0 ||
    mwp > 1000
  ) {
    throw new UsageError(`--mwp must be a number above 0 and at most 1000 (got ${values.mwp ?? 'nothing'})`);
  }
  return {
    mwp,
    code: values.code ?? `REF-${mwp}`,
    name: values.name ?? `Planta de referencia ${mwp} MWp`,
  };
}

class UsageError extends Error {}

async function main() {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    // parseArgs throws TypeErrors with a readable message for unknown or malformed options.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const config = loadConfig();
  const db = createDb({ url: config.databaseUrl });
  const log = (msg: string) => console.log(msg);
  try {
    const started = performance.now();
    await migrateToLatest(db);
    if (await seedDemo(db, { largePlantMwp: 0, log })) log('demo organisations seeded');

    const client = await db
      .selectFrom('clients')
      .select('id')
      .where('name', '=', 'Demo Solar')
      .executeTakeFirst();
    if (!client)
      throw new Error('the database has organisations but no "Demo Solar": run this on a demo database');
    const existing = await db
      .selectFrom('plants')
      .select('id')
      .where('client_id', '=', client.id)
      .where('code', '=', options.code)
      .executeTakeFirst();
    if (existing) {
      const { n } = await db
        .selectFrom('elements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('plant_id', '=', existing.id)
        .executeTakeFirstOrThrow();
      log(`plant ${options.code} already exists (id ${existing.id}, ${Number(n)} elements); nothing to do`);
      return;
    }

    const result = await createDemoPlant(db, client.id, { ...options, center: DEMO_CENTERS.reference, log });
    log(`\nplant ${options.code} "${options.name}" (id ${result.plantId})`);
    for (const [type, count] of Object.entries(result.counts)) log(`  ${type}  ${String(count).padStart(8)}`);
    log(`  total ${String(result.elements).padStart(8)}`);
    log(
      `elements inserted in ${result.seconds.toFixed(1)} s (${Math.round(result.elements / result.seconds)} per second)`,
    );
    log(
      `done in ${((performance.now() - started) / 1000).toFixed(1)} s; database ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
  } else if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
