import { sql } from 'kysely';
import type { RoleCode } from '@heliotrack/domain/roles';
import type { Db } from '../db/database';
import { nowIso } from '../lib/time';

/*
 * The demo's quality-inspection plans: two templates per organisation (piles and modules, the
 * activities a site's quality team checks on them) and one PPI per plant, made from the piles
 * template, with the inspector and the technician linked and the piles of the first rows linked.
 * Written straight to the tables, as the rest of the seed is: one insert per table, no per-row work.
 */

interface ActivitySeed {
  name: string;
  criteria: string;
  required: boolean;
  roles: RoleCode[];
}

const PILE_ACTIVITIES: ActivitySeed[] = [
  { name: 'Replanteo de la hinca', criteria: 'Desviación en planta ≤ 20 mm respecto al plano', required: true, roles: ['JO', 'CA'] },
  { name: 'Profundidad de hincado', criteria: 'Profundidad ≥ la de proyecto; cota de cabeza ± 10 mm', required: true, roles: ['CA'] },
  { name: 'Verticalidad', criteria: 'Inclinación ≤ 1° en ambos ejes', required: true, roles: ['CA', 'TC'] },
  { name: 'Par de apriete de los tornillos', criteria: 'Par según fabricante (marca de pintura tras el apriete)', required: true, roles: ['CA'] },
  { name: 'Estado del galvanizado', criteria: 'Sin daños visibles; retocado con galvanizado en frío si procede', required: false, roles: ['TC'] },
];

const MODULE_ACTIVITIES: ActivitySeed[] = [
  { name: 'Inspección visual a la recepción', criteria: 'Sin roturas de vidrio, marcos doblados ni microfisuras visibles', required: true, roles: ['CA'] },
  { name: 'Número de serie registrado', criteria: 'El número de serie coincide con el albarán', required: true, roles: ['TC', 'CA'] },
  { name: 'Fijación a la estructura', criteria: 'Grapas en las posiciones del fabricante; par de apriete verificado', required: true, roles: ['CA'] },
  { name: 'Polaridad de conectores', criteria: 'Conectores del mismo fabricante; polaridad correcta', required: true, roles: ['CA', 'TC'] },
  { name: 'Limpieza final', criteria: 'Sin restos de obra ni etiquetas', required: false, roles: ['TC'] },
];

/** Piles linked to each demo PPI: the first ones by code, enough to show progress without slowing the seed. */
const LINKED_PILES = 400;

/** Activities as rows of either table, numbered in order. */
const activityRows = (activities: ActivitySeed[]) =>
  activities.map((a, i) => ({ position: i + 1, name: a.name, criteria: a.criteria, is_required: a.required ? 1 : 0, roles: JSON.stringify(a.roles) }));

async function insertTemplate(db: Db, clientId: number, typeCode: string, name: string, activities: ActivitySeed[]) {
  const type = await db.selectFrom('element_types').select('id').where('client_id', '=', clientId).where('code', '=', typeCode).executeTakeFirstOrThrow();
  const now = nowIso();
  const { id } = await db
    .insertInto('ppi_templates')
    .values({ client_id: clientId, plant_id: null, element_type_id: type.id, name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ppi_template_activities')
    .values(activityRows(activities).map((a) => ({ template_id: id, ...a })))
    .execute();
  return { id, typeId: type.id, activities };
}

export type DemoTemplate = Awaited<ReturnType<typeof insertTemplate>>;

export async function createDemoTemplates(db: Db, clientId: number) {
  return {
    piles: await insertTemplate(db, clientId, 'HIN', 'Hincas: control de calidad', PILE_ACTIVITIES),
    modules: await insertTemplate(db, clientId, 'MOD', 'Módulos: montaje y conexionado', MODULE_ACTIVITIES),
  };
}

/** One PPI on the plant from the template, its users, and the first piles linked. */
export async function createDemoPpi(db: Db, clientId: number, plantId: number, template: DemoTemplate, users: { userId: number; role: RoleCode }[]) {
  const now = nowIso();
  const { id } = await db
    .insertInto('ppis')
    .values({
      client_id: clientId,
      plant_id: plantId,
      template_id: template.id,
      element_type_id: template.typeId,
      code: 'PPI-HIN-01',
      name: 'Hincado del bloque 1',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ppi_activities')
    .values(activityRows(template.activities).map((a) => ({ ppi_id: id, ...a })))
    .execute();
  const roles = await db.selectFrom('roles').select(['id', 'code']).execute();
  if (users.length) {
    await db
      .insertInto('ppi_users')
      .values(users.map((u) => ({ ppi_id: id, user_id: u.userId, role_id: roles.find((r) => r.code === u.role)!.id })))
      .execute();
  }
  await db
    .insertInto('ppi_elements')
    .columns(['ppi_id', 'element_id', 'linked_at'])
    .expression(
      db
        .selectFrom('elements')
        .select([sql.lit(id).as('ppi_id'), 'id as element_id', sql<string>`cast(${now} as varchar(32))`.as('linked_at')])
        .where('plant_id', '=', plantId)
        .where('type_id', '=', template.typeId)
        .orderBy('code')
        .limit(LINKED_PILES),
    )
    .execute();
  return id;
}
