import { type Contractor, type ElementType, normaliseColor, type State, type TransactionType, type UpdateContractorsGroupRequest } from '@heliotrack/domain/catalogues';
import { elementTypeByCode, STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import type { ContractorsTable, ElementTypesTable, PlantRow, StatesTable, TransactionTypesTable } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { countElementsByPlant } from '../../lib/plant-reads.repository';
import { toPlantDto } from '../../lib/plant-dto';
import * as repo from './catalogues.repository';

export function toElementTypeDto(row: Selectable<ElementTypesTable>): ElementType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ctr_dependent: fromFlag(row.ctr_dependent),
    trench_dependent: fromFlag(row.trench_dependent),
    measurement_unit_name: row.measurement_unit_name,
    measurement_unit_value: row.measurement_unit_value,
    original_element_type: row.original_element_type,
    path: elementTypeByCode(row.code)?.plural ?? null,
  };
}

export function toContractorDto(row: Selectable<ContractorsTable>): Contractor {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    contact_email: row.contact_email,
    contact_name: row.contact_name,
    client: row.client_id,
  };
}

export function toStateDto(row: Selectable<StatesTable>): State {
  return {
    id: row.id,
    element_type: row.element_type_id,
    code: row.code,
    name: row.name,
    description: row.description,
    color: normaliseColor(row.color),
    restringed: fromFlag(row.restringed),
    is_ok: fromFlag(row.is_ok),
    depends_on: row.depends_on,
    is_active: fromFlag(row.is_active),
  };
}

function toTransactionTypeDto(row: Selectable<TransactionTypesTable>): TransactionType {
  return { id: row.id, element_type: row.element_type_id, code: row.code, description: row.description };
}

/** The seven standard types first, in the specification's order, then the organisation's other types by code. */
function standardFirst(a: ElementType, b: ElementType) {
  const rank = (t: ElementType) => {
    const index = STANDARD_ELEMENT_TYPES.findIndex((s) => s.code === t.code);
    return index === -1 ? STANDARD_ELEMENT_TYPES.length : index;
  };
  return rank(a) - rank(b) || a.code.localeCompare(b.code);
}

/*
 * The catalogues as their endpoints answer them; offline downloads send the same in their header.
 */

export async function listElementTypeDtos(db: Db, clientId: number) {
  return (await repo.listElementTypes(db, clientId)).map(toElementTypeDto).sort(standardFirst);
}

export async function listTransactionTypeDtos(db: Db, clientId: number) {
  return (await repo.listTransactionTypes(db, clientId)).map(toTransactionTypeDto);
}

/** The states a plant uses: those of its state group, or every state of the organisation without one. */
export async function listPlantStateDtos(db: Db, clientId: number, plant: Pick<PlantRow, 'state_group_id'>) {
  return (await repo.listStates(db, clientId, plant.state_group_id)).map(toStateDto);
}

/** The contractors of the plant's contractor group, or every contractor of the organisation without one. */
export async function listPlantContractorDtos(db: Db, clientId: number, plant: Pick<PlantRow, 'contractor_group_id'>) {
  return (await repo.listContractors(db, clientId, plant.contractor_group_id)).map(toContractorDto);
}

/**
 * The catalogues a plant's follow-up needs. Reads are open to every user who may see the plant;
 * the contractor group of a plant is an administrator's choice (DESIGN section 12).
 */
export class CataloguesService {
  constructor(private readonly db: Db) {}

  async elementTypes(user: CurrentUser, plantId: number) {
    await requirePlant(this.db, user, plantId);
    return listElementTypeDtos(this.db, user.clientId);
  }

  async transactionTypes(user: CurrentUser) {
    return listTransactionTypeDtos(this.db, user.clientId);
  }

  async states(user: CurrentUser, plantId: number) {
    return listPlantStateDtos(this.db, user.clientId, await requirePlant(this.db, user, plantId));
  }

  async contractors(user: CurrentUser, plantId: number) {
    return listPlantContractorDtos(this.db, user.clientId, await requirePlant(this.db, user, plantId));
  }

  async updateContractorsGroup(user: CurrentUser, plantId: number, body: UpdateContractorsGroupRequest) {
    const plant = await requirePlant(this.db, user, plantId);
    requireAdmin(user);
    const groupId = body.contractor_group;
    // A group of another organisation is refused exactly like one that does not exist.
    if (groupId !== null && !(await repo.findContractorGroupInClient(this.db, user.clientId, groupId))) {
      throw fieldError('contractor_group', 'elements.unknownContractorGroup', { id: groupId });
    }
    await repo.setPlantContractorGroup(this.db, plant.id, groupId);
    const counts = await countElementsByPlant(this.db, [plant.id]);
    return toPlantDto({ ...plant, contractor_group_id: groupId }, counts.get(plant.id) ?? 0);
  }
}
