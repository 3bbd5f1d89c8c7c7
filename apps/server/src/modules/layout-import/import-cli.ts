/**
 * `npm run import -- --plant ID [--dry-run] [--lang es|en|it] layout.geojson`: imports a plant
 * layout from a GeoJSON FeatureCollection, like POST plants/{id}/import-layout/ but with no size
 * limit and no login (whoever runs it has the database). Prints counts per type and every error;
 * exits with 1 when the file was refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isLanguage, type Language } from '@heliotrack/domain/constants';
import { ConfigError, loadConfig } from '../../lib/config';
import { createDb } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { importLayout, featureErrorMessage } from './layout-import';
import { findPlantById } from './layout-import.repository';
import { LayoutFeatureCollection } from './layout-import.schemas';

const USAGE = 'usage: npm run import -- --plant <plant id> [--dry-run] [--lang es|en|it] <layout.geojson>';

class UsageError extends Error {}

function parseOptions(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        plant: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        lang: { type: 'string', default: 'es' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const plantId = Number(values.plant);
  if (!Number.isSafeInteger(plantId) || plantId <= 0) throw new UsageError(`--plant must be a plant id (got ${values.plant ?? 'nothing'})`);
  if (positionals.length !== 1) throw new UsageError('give exactly one GeoJSON file');
  if (!isLanguage(values.lang)) throw new UsageError(`--lang must be es, en or it (got ${values.lang})`);
  // npm runs workspace scripts in the workspace folder; a relative path means where the user typed it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  return { plantId, file, dryRun: values['dry-run'] === true, language: values.lang as Language };
}

function readCollection(file: string) {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = LayoutFeatureCollection.safeParse(json);
  if (!parsed.success) throw new UsageError(`${file} is not a GeoJSON FeatureCollection (an object with "type": "FeatureCollection" and "features": […])`);
  return parsed.data;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const collection = readCollection(options.file);
  const config = loadConfig();
  const db = createDb({ url: config.databaseUrl });
  try {
    await migrateToLatest(db);
    const plant = await findPlantById(db, options.plantId);
    if (!plant) throw new UsageError(`plant ${options.plantId} does not exist in ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}`);
    const started = performance.now();
    const { summary, errors, written } = await importLayout(db, plant, collection, { dryRun: options.dryRun });
    console.log(`plant ${plant.id} ${plant.code} "${plant.name}": ${summary.total} features`);
    for (const [type, count] of Object.entries(summary.counts).sort()) console.log(`  ${type.padEnd(6)} ${String(count).padStart(8)}`);
    console.log(`  new ${summary.created}, updated ${summary.updated}`);
    for (const error of errors) console.log(`  feature ${error.index}: ${featureErrorMessage(error, options.language)}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (errors.length) {
      console.log(`${errors.length} invalid features: ${options.dryRun ? 'the import would be refused' : 'nothing imported'} (${seconds} s)`);
      process.exitCode = 1;
    } else if (written) {
      console.log(`imported in ${seconds} s`);
    } else {
      console.log(options.dryRun ? `dry run: nothing written (${seconds} s)` : 'nothing to import');
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
