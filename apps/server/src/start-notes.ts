import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './lib/config';
import type { Db } from './db/database';
import { hasAnyClient } from './modules/catalogues/catalogues.repository';

/**
 * What a production start tells its operator (issue 31): the demo's public logins are a warning at
 * every start, and an empty database says how to make the first organisation and administrator.
 */
export async function logStartNotes(db: Db, config: Config, log: FastifyBaseLogger) {
  if (config.demoInProduction) {
    log.warn('SEED_DEMO=true in production: the demo organisations and their public logins (password "heliotrack") are in this database. Unset SEED_DEMO and use a new database for real work.');
  }
  if (!(await hasAnyClient(db))) {
    log.warn('The database has no organisation yet. Create the first one and its administrator with: npm run admin:create -- --organisation "Your company" --email you@example.com (it prints a one-time password, changed at the first login)');
  }
}
