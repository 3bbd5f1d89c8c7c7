import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AppVersionsTable } from '../../db/schema';

export async function findAppVersion(db: Db, clientId: number) {
  return db.selectFrom('app_versions').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

/** Insert or replace the organisation's one row: concurrent saves leave one row, the last one wins. */
export async function upsertAppVersion(db: Db, row: Insertable<AppVersionsTable>) {
  const { client_id: _clientId, ...values } = row;
  await db
    .insertInto('app_versions')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
    .execute();
}
