import { type Contractor, type ElementType, normaliseColor, type State, type TransactionType, type UpdateContractorsGroupRequest } from '@heliotrack/domain/catalogues';
import { elementTypeByCode, STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { fromFlag } from '../../db/dialect';
import type { ContractorsTable, ElementTypesTable, StatesTable, TransactionTypesTable } from '../../db/schema';
import { type CurrentUser, requireAdmin } from '../../plugins/auth';
import { fieldError } from '../../plugins/errors';
import { requirePlant, toPlantDto } from '../plants/plants.service';
import { countElementsByPlant } from '../plants/plants.repository';
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

function toContractorDto(row: Selectable<ContractorsTable>): Contractor {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    contact_email: row.contact_email,
    contact_name: row.contact_name,
    client: row.client_id,
  };
}

/** The seven standard types first, in the specification's order, then the organisation's other types by code. */
function standardFirst(a: ElementType, b: ElementType) {
  const rank = (t: ElementType) => {
    const index = STANDARD_ELEMENT_TYPES.findIndex((s) => s.code === t.code);
    return index === -1 ? STANDARD_ELEMENT_TYPES.length : index;
  };
  return rank(a) - rank(b) || a.code.localeCompare(b.code);
}

/**
 * The catalogues a plant's follow-up needs. Reads are open to every user who may see the plant;
 * the contractor group of a plant is an administrator's choice (DESIGN section 12).
 */
export class CataloguesService {
  constructor(private readonly db: Db) {}

  async elementTypes(user: CurrentUser, plantId: number) {
    await requirePlant(this.db, user, plantId);
    const rows = await repo.listElementTypes(this.db, user.clientId);
    return rows.map(toElementTypeDto).sort(standardFirst);
  }

  async transactionTypes(user: CurrentUser) {
    const rows = await repo.listTransactionTypes(this.db, user.clientId);
    return rows.map(toTransactionTypeDto);
  }

  async states(user: CurrentUser, plantId: number) {
    const plant = await requirePlant(this.db, user, plantId);
    const rows = await repo.listStates(this.db, user.clientId, plant.state_group_id);
    return rows.map(toStateDto);
  }

  async contractors(user: CurrentUser, plantId: number) {
    const plant = await requirePlant(this.db, user, plantId);
    const rows = await repo.listContractors(this.db, user.clientId, plant.contractor_group_id);
    return rows.map(toContractorDto);
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
