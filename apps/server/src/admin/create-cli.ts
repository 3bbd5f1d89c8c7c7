/**
 * `npm run admin:create -- --organisation "Solar Norte" --email ana@solarnorte.es [--name "Ana"]`:
 * the first organisation and administrator of a real installation (production seeds no demo).
 * Prints a one-time password; the web asks for a new one at the first login.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../lib/config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { setPasswordHashCost } from '../lib/passwords';
import { AdminCreateError, createOrganisationWithAdmin } from './create-organisation';

const USAGE = 'usage: npm run admin:create -- --organisation "Solar Norte" --email ana@solarnorte.es [--name "Ana Ruiz"]';

async function main() {
  let values: { organisation?: string; email?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { organisation: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    throw new AdminCreateError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return console.log(USAGE);
  if (!values.organisation || !values.email) throw new AdminCreateError('--organisation and --email are needed');
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const db = createDb({ url: config.databaseUrl });
  try {
    await migrateToLatest(db);
    const made = await createOrganisationWithAdmin(db, { organisation: values.organisation, email: values.email, name: values.name });
    console.log(`Organisation "${values.organisation.trim()}" created with its administrator ${made.email}.`);
    console.log(`One-time password: ${made.password}`);
    console.log('Sign in with it once: the web then asks for a password of your own (only its hash is stored).');
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  if (error instanceof AdminCreateError || error instanceof ConfigError) {
    console.error(error.message);
    console.error(USAGE);
  } else {
    console.error(error);
  }
  process.exit(1);
});
