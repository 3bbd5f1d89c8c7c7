import type { Db } from '../../../db/database';
import type { ActivityValues } from '../../../lib/ppi-activities';

/*
 * PPI templates and their activities, and the plant check a template's reference needs. The
 * activity values are the shape a template's and a plan's activities share (a plan copies them).
 */


/** Templates of the organisation; with a plant, those for every plant and that plant's own. */
export async function listTemplates(db: Db, clientId: number, plantId?: number) {
  let query = templateRows(db).where('ppi_templates.client_id', '=', clientId);
  if (plantId !== undefined)
    query = query.where((eb) =>
      eb.or([eb('ppi_templates.plant_id', 'is', null), eb('ppi_templates.plant_id', '=', plantId)]),
    );
  return query.orderBy('ppi_templates.name').orderBy('ppi_templates.id').execute();
}

function templateRows(db: Db) {
  return db
    .selectFrom('ppi_templates')
    .innerJoin('element_types', 'element_types.id', 'ppi_templates.element_type_id')
    .selectAll('ppi_templates')
    .select((eb) => [
      'element_types.code as type_code',
      'element_types.name as type_name',
      eb
        .selectFrom('ppis')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ppis.template_id', '=', 'ppi_templates.id')
        .as('ppi_count'),
    ]);
}

export type TemplateRow = Awaited<ReturnType<typeof listTemplates>>[number];

export async function findTemplate(db: Db, clientId: number, templateId: number) {
  return templateRows(db)
    .where('ppi_templates.client_id', '=', clientId)
    .where('ppi_templates.id', '=', templateId)
    .executeTakeFirst();
}

export async function listTemplateActivities(db: Db, templateIds: number[]) {
  if (templateIds.length === 0) return [];
  return db
    .selectFrom('ppi_template_activities')
    .selectAll()
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertTemplate(
  db: Db,
  row: {
    client_id: number;
    plant_id: number | null;
    element_type_id: number;
    name: string;
    created_at: string;
    updated_at: string;
  },
) {
  const { id } = await db.insertInto('ppi_templates').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateTemplate(
  db: Db,
  templateId: number,
  values: { plant_id: number | null; element_type_id: number; name: string; updated_at: string },
) {
  await db.updateTable('ppi_templates').set(values).where('id', '=', templateId).execute();
}

export async function replaceTemplateActivities(db: Db, templateId: number, activities: ActivityValues[]) {
  await db.deleteFrom('ppi_template_activities').where('template_id', '=', templateId).execute();
  if (activities.length)
    await db
      .insertInto('ppi_template_activities')
      .values(activities.map((a) => ({ template_id: templateId, ...a })))
      .execute();
}

export async function deleteTemplate(db: Db, templateId: number) {
  await db.deleteFrom('ppi_templates').where('id', '=', templateId).execute();
}

export async function findPlantOfClient(db: Db, clientId: number, plantId: number) {
  return db
    .selectFrom('plants')
    .select(['id'])
    .where('client_id', '=', clientId)
    .where('id', '=', plantId)
    .executeTakeFirst();
}
