import type { Db } from '../../db/database';

/* Contractors and contractor groups of one organisation: every query takes the organisation's id. */

export interface ContractorValues {
  name: string;
  address: string;
  contact_name: string;
  contact_email: string;
}

export async function listContractors(db: Db, clientId: number, search?: string) {
  let query = db.selectFrom('contractors').selectAll().where('client_id', '=', clientId);
  if (search) {
    const pattern = `%${search.toLowerCase()}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['contact_name']), 'like', pattern),
        eb(eb.fn('lower', ['contact_email']), 'like', pattern),
      ]),
    );
  }
  return query.orderBy('name').orderBy('id').execute();
}

export async function findContractor(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('contractors')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findContractorByName(db: Db, clientId: number, name: string) {
  return db
    .selectFrom('contractors')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function findContractorIdsInClient(db: Db, clientId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contractors')
    .select('id')
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertContractor(db: Db, clientId: number, values: ContractorValues) {
  const row = await db
    .insertInto('contractors')
    .values({ client_id: clientId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateContractor(db: Db, id: number, values: ContractorValues) {
  await db.updateTable('contractors').set(values).where('id', '=', id).execute();
}

export async function deleteContractor(db: Db, id: number) {
  await db.deleteFrom('contractors').where('id', '=', id).execute();
}

/** Elements whose last state change was made by the contractor, across the organisation's plants. */
export async function countElementsOfContractor(db: Db, clientId: number, contractorId: number) {
  const row = await db
    .selectFrom('elements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('plant_id', 'in', db.selectFrom('plants').select('id').where('client_id', '=', clientId))
    .where('last_state_change_contractor_id', '=', contractorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isContractorInHistory(db: Db, contractorId: number) {
  const row = await db
    .selectFrom('state_changes')
    .select('id')
    .where('contractor_id', '=', contractorId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/* Contractor groups */

export async function listContractorGroups(db: Db, clientId: number, search?: string) {
  let query = db.selectFrom('contractor_groups').selectAll().where('client_id', '=', clientId);
  if (search) {
    const pattern = `%${search.toLowerCase()}%`;
    // A group is found by its own name or by the name of one of its contractors.
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['contractor_groups.name']), 'like', pattern),
        eb(
          'contractor_groups.id',
          'in',
          eb
            .selectFrom('contractor_group_members')
            .innerJoin('contractors', 'contractors.id', 'contractor_group_members.contractor_id')
            .select('contractor_group_members.contractor_group_id')
            .where((inner) => inner(inner.fn('lower', ['contractors.name']), 'like', pattern)),
        ),
      ]),
    );
  }
  return query.orderBy('name').orderBy('id').execute();
}

export async function findContractorGroup(db: Db, clientId: number, id: number) {
  return db
    .selectFrom('contractor_groups')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findContractorGroupByName(db: Db, clientId: number, name: string) {
  return db
    .selectFrom('contractor_groups')
    .select('id')
    .where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function findMembersOfGroups(db: Db, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('contractor_group_members')
    .select(['contractor_group_id', 'contractor_id'])
    .where('contractor_group_id', 'in', groupIds)
    .orderBy('contractor_id')
    .execute();
}

export async function insertContractorGroup(db: Db, clientId: number, name: string) {
  const row = await db
    .insertInto('contractor_groups')
    .values({ client_id: clientId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateContractorGroup(db: Db, id: number, name: string) {
  await db.updateTable('contractor_groups').set({ name }).where('id', '=', id).execute();
}

export async function replaceGroupMembers(db: Db, groupId: number, contractorIds: number[]) {
  await db.deleteFrom('contractor_group_members').where('contractor_group_id', '=', groupId).execute();
  if (contractorIds.length) {
    await db
      .insertInto('contractor_group_members')
      .values(contractorIds.map((contractor_id) => ({ contractor_group_id: groupId, contractor_id })))
      .execute();
  }
}

export async function deleteContractorGroup(db: Db, id: number) {
  await db.deleteFrom('contractor_groups').where('id', '=', id).execute();
}

export async function findPlantsUsingContractorGroup(db: Db, groupId: number) {
  return db
    .selectFrom('plants')
    .select(['id', 'name'])
    .where('contractor_group_id', '=', groupId)
    .orderBy('name')
    .execute();
}
