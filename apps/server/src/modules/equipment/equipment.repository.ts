import type { Db } from '../../db/database';

export interface EquipmentValues {
  name: string;
  kind: string;
  brand: string;
  model: string;
  serial_number: string;
  certificate_number: string;
  calibration_date: string;
  expiry_date: string;
}

export async function listEquipment(db: Db, clientId: number) {
  return db.selectFrom('calibration_equipment').selectAll().where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();
}

export async function insertEquipment(db: Db, row: EquipmentValues & { client_id: number; created_at: string; updated_at: string }) {
  const { id } = await db.insertInto('calibration_equipment').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateEquipment(db: Db, id: number, values: EquipmentValues & { updated_at: string }) {
  await db.updateTable('calibration_equipment').set(values).where('id', '=', id).execute();
}

export async function listDocumentsOfEquipment(db: Db, equipmentIds: number[]) {
  if (equipmentIds.length === 0) return [];
  return db
    .selectFrom('documents')
    .select(['id', 'equipment_id', 'name', 'size', 'content_type'])
    .where('equipment_id', 'in', equipmentIds)
    .orderBy('id')
    .execute();
}
