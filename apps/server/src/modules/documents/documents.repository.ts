import type { Db } from '../../db/database';

export async function insertDocument(
  db: Db,
  row: {
    client_id: number;
    plant_id: number | null;
    state_change_id: number | null;
    flash_report_id: number | null;
    ppi_result_id?: number | null;
    equipment_id: number | null;
    is_photo: number;
    name: string;
    size: number;
    content_type: string;
    storage_key: string;
    uploaded_by: number;
    created_at: string;
    client_uuid?: string | null;
  },
) {
  const { id } = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findDocumentByClientUuid(db: Db, clientId: number, clientUuid: string) {
  return db.selectFrom('documents').selectAll().where('client_id', '=', clientId).where('client_uuid', '=', clientUuid).executeTakeFirst();
}

export async function findDocumentInClient(db: Db, clientId: number, id: number) {
  return db.selectFrom('documents').selectAll().where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}

export async function deleteDocumentRow(db: Db, id: number) {
  await db.deleteFrom('documents').where('id', '=', id).execute();
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

export async function findFlashReportInClient(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('flash_reports')
    .select(['id', 'plant_id', 'author_id'])
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findEquipmentInClient(db: Db, clientId: number, id: number) {
  return db.selectFrom('calibration_equipment').select('id').where('client_id', '=', clientId).where('id', '=', id).executeTakeFirst();
}
