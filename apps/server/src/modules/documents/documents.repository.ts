import type { Db } from '../../db/database';

export async function insertDocument(
  db: Db,
  row: {
    client_id: number;
    plant_id: number;
    state_change_id: number | null;
    name: string;
    size: number;
    content_type: string;
    storage_key: string;
    uploaded_by: number;
    created_at: string;
  },
) {
  const { id } = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findDocumentInClient(db: Db, clientId: number, id: number) {
  return db.selectFrom('documents').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

export async function deleteDocumentRow(db: Db, id: number) {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

export async function listDocumentsOfStateChanges(db: Db, stateChangeIds: number[]) {
  if (stateChangeIds.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'state_change_id', 'name', 'size', 'content_type'])
    .where('state_change_id', 'in', stateChangeIds)
    .orderBy('id')
    .execute();
}

export async function findStateChangeInPlant(db: Db, plantId: number, id: number) {
  return db.selectFrom('state_changes').select('id').where('plant_id', '=', plantId).where('id', '=', id).executeTakeFirst();
}

export async function isElementInStateChange(db: Db, elementId: number, stateChangeId: number) {
  const row = await db
    .selectFrom('state_change_elements')
    .select('element_id')
    .where('element_id', '=', elementId)
    .where('state_change_id', '=', stateChangeId)
    .executeTakeFirst();
  return row !== undefined;
}
