import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { ImageryLayersTable } from '../../db/schema';

export async function listImageryLayers(db: Db, plantId: number) {
  return db
    .selectFrom('imagery_layers')
    .selectAll()
    .where('plant_id', '=', plantId)
    .orderBy('captured_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findImageryLayer(db: Db, plantId: number, layerId: number) {
  return db
    .selectFrom('imagery_layers')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('id', '=', layerId)
    .executeTakeFirst();
}

export async function findImageryLayerByUuid(db: Db, plantId: number, clientUuid: string) {
  return db
    .selectFrom('imagery_layers')
    .selectAll()
    .where('plant_id', '=', plantId)
    .where('client_uuid', '=', clientUuid)
    .executeTakeFirst();
}

export async function insertImageryLayer(
  db: Db,
  values: Omit<ImageryLayersTable, 'id' | 'received' | 'is_default'>,
) {
  const { id } = await db
    .insertInto('imagery_layers')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateImageryLayer(db: Db, layerId: number, values: Updateable<ImageryLayersTable>) {
  await db.updateTable('imagery_layers').set(values).where('id', '=', layerId).execute();
}

/** Makes one layer the plant's default, and no other. */
export async function setDefaultImageryLayer(db: Db, plantId: number, layerId: number) {
  await db
    .updateTable('imagery_layers')
    .set((eb) => ({ is_default: eb.case().when('id', '=', layerId).then(1).else(0).end() }))
    .where('plant_id', '=', plantId)
    .execute();
}

export async function deleteImageryLayer(db: Db, layerId: number) {
  await db.deleteFrom('imagery_layers').where('id', '=', layerId).execute();
}
