import type { ElementType, State } from '@heliotrack/domain/catalogues';
import { STANDARD_ELEMENT_TYPES } from '@heliotrack/domain/element-types';
import type {
  ClientStateCreate,
  ClientStateQuery,
  ClientStateUpdate,
  StateGroup,
  StateGroupInput,
  StateGroupQuery,
  UpdateStatesGroupRequest,
} from '@heliotrack/domain/state-management';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { toFlag } from '../../db/dialect';
import type { PlantRow, StatesTable } from '../../db/schema';
import { fieldError, fieldErrors, type Message, notFound } from '../../lib/errors';
import { lockPlant } from '../../lib/plant-writes.repository';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { listElementTypes, listStatesOfType } from '../catalogues/catalogues.repository';
import { toElementTypeDto, toStateDto } from '../catalogues/catalogues.service';
import { countElementsByPlant } from '../../lib/plant-reads.repository';
import { toPlantDto } from '../../lib/plant-dto';
import * as repo from './state-management.repository';

/** The seven standard types in the specification's order, then the others by code. */
function rankOfType(type: ElementType) {
  const index = STANDARD_ELEMENT_TYPES.findIndex((s) => s.code === type.code);
  return index === -1 ? STANDARD_ELEMENT_TYPES.length : index;
}

/**
 * The organisation's states per element type and its state groups (DESIGN section 4). Reads are
 * open to every user of the organisation; writes are for administrators (DESIGN section 12).
 * Every refusal is a 400 that says why, and nothing is written before every check has passed.
 */
export class StateManagementService {
  constructor(private readonly db: Db) {}

  async elementTypes(user: CurrentUser): Promise<ElementType[]> {
    const rows = await listElementTypes(this.db, user.clientId);
    return rows
      .map(toElementTypeDto)
      .sort((a, b) => rankOfType(a) - rankOfType(b) || a.code.localeCompare(b.code));
  }

  async listStates(user: CurrentUser, query: ClientStateQuery): Promise<State[]> {
    const rows = await repo.listStates(this.db, user.clientId, {
      elementTypeId: query.element_type,
      isActive: query.is_active ? query.is_active === 'true' : undefined,
      search: query.search || undefined,
    });
    return rows.map(toStateDto);
  }

  async getState(user: CurrentUser, stateId: number): Promise<State> {
    return toStateDto(await this.requireState(user, stateId));
  }

  async createState(user: CurrentUser, body: ClientStateCreate): Promise<State> {
    requireAdmin(user);
    await this.requireElementType(user, body.element_type);
    await this.assertCodeFree(body.element_type, body.code);
    if (body.depends_on !== null) await this.assertDependsOn(user, null, body.element_type, body.depends_on);
    const id = await repo.insertState(this.db, {
      client_id: user.clientId,
      element_type_id: body.element_type,
      code: body.code,
      name: body.name,
      description: body.description,
      color: body.color,
      is_ok: toFlag(body.is_ok),
      restringed: toFlag(body.restringed),
      is_active: toFlag(body.is_active),
      depends_on: body.depends_on,
      sort_order: await repo.nextSortOrder(this.db, body.element_type),
    });
    return this.getState(user, id);
  }

  async updateState(user: CurrentUser, stateId: number, body: ClientStateUpdate): Promise<State> {
    requireAdmin(user);
    const state = await this.requireState(user, stateId);
    const elementTypeId = body.element_type ?? state.element_type_id;
    const typeChanges = elementTypeId !== state.element_type_id;
    if (typeChanges) {
      await this.requireElementType(user, elementTypeId);
      // Elements, history and dependent states all assume the state's type; it cannot move under them.
      const inUse =
        (await repo.countElementsInState(this.db, user.clientId, stateId)) > 0 ||
        (await repo.isStateInHistory(this.db, stateId)) ||
        (await repo.findDependentStates(this.db, stateId)).length > 0;
      if (inUse) throw fieldError('element_type', 'stateManagement.elementTypeLocked');
    }
    const code = body.code ?? state.code;
    if (typeChanges || code.toLowerCase() !== state.code.toLowerCase())
      await this.assertCodeFree(elementTypeId, code, stateId);
    const dependsOn = body.depends_on !== undefined ? body.depends_on : state.depends_on;
    if (dependsOn !== null && (body.depends_on !== undefined || typeChanges)) {
      await this.assertDependsOn(user, stateId, elementTypeId, dependsOn);
    }

    const changes: Updateable<StatesTable> = {};
    if (typeChanges) {
      changes.element_type_id = elementTypeId;
      changes.sort_order = await repo.nextSortOrder(this.db, elementTypeId);
    }
    if (body.code !== undefined) changes.code = body.code;
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    if (body.color !== undefined) changes.color = body.color;
    if (body.is_ok !== undefined) changes.is_ok = toFlag(body.is_ok);
    if (body.restringed !== undefined) changes.restringed = toFlag(body.restringed);
    if (body.is_active !== undefined) changes.is_active = toFlag(body.is_active);
    if (body.depends_on !== undefined) changes.depends_on = body.depends_on;
    await repo.updateState(this.db, stateId, changes);
    return this.getState(user, stateId);
  }

  /** States that elements, the history or other states rely on are deactivated, not deleted. */
  async deleteState(user: CurrentUser, stateId: number) {
    requireAdmin(user);
    const state = await this.requireState(user, stateId);
    const reasons: Message[] = [];
    const elements = await repo.countElementsInState(this.db, user.clientId, stateId);
    if (elements > 0)
      reasons.push(['stateManagement.usedByElements', { state: state.name, count: elements }]);
    if (await repo.isStateInHistory(this.db, stateId))
      reasons.push(['stateManagement.usedByHistory', { state: state.name }]);
    const dependents = await repo.findDependentStates(this.db, stateId);
    if (dependents.length) {
      reasons.push([
        'stateManagement.hasDependents',
        { state: state.name, states: dependents.map((d) => d.name).join(', ') },
      ]);
    }
    if (reasons.length) throw fieldErrors('non_field_errors', reasons);
    await repo.deleteState(this.db, stateId);
  }

  async listGroups(user: CurrentUser, query: StateGroupQuery): Promise<StateGroup[]> {
    return this.toGroupDtos(await repo.listStateGroups(this.db, user.clientId, query.search || undefined));
  }

  async getGroup(user: CurrentUser, groupId: number): Promise<StateGroup> {
    return (await this.toGroupDtos([await this.requireGroup(user, groupId)]))[0];
  }

  async createGroup(user: CurrentUser, body: StateGroupInput): Promise<StateGroup> {
    requireAdmin(user);
    await this.assertGroupNameFree(user, body.name);
    const stateIds = await this.stateIdsOfClient(user, body.states, 'states');
    const id = await this.db.transaction().execute(async (trx) => {
      const newId = await repo.insertStateGroup(trx, {
        client_id: user.clientId,
        name: body.name,
        description: body.description,
      });
      await repo.replaceStateGroupStates(trx, newId, stateIds);
      return newId;
    });
    return this.getGroup(user, id);
  }

  /** A group in use must keep every state the elements of its plants are in. */
  async updateGroup(user: CurrentUser, groupId: number, body: StateGroupInput): Promise<StateGroup> {
    requireAdmin(user);
    await this.requireGroup(user, groupId);
    await this.assertGroupNameFree(user, body.name, groupId);
    const stateIds = await this.stateIdsOfClient(user, body.states, 'states');
    const reasons: Message[] = [];
    for (const plant of await repo.findPlantsUsingStateGroup(this.db, groupId)) {
      const reason = await this.statesOutside(user, plant, new Set(stateIds));
      if (reason) reasons.push(reason);
    }
    if (reasons.length) throw fieldErrors('states', reasons);
    await this.db.transaction().execute(async (trx) => {
      await repo.updateStateGroup(trx, groupId, { name: body.name, description: body.description });
      await repo.replaceStateGroupStates(trx, groupId, stateIds);
    });
    return this.getGroup(user, groupId);
  }

  async deleteGroup(user: CurrentUser, groupId: number) {
    requireAdmin(user);
    await this.requireGroup(user, groupId);
    const plants = await repo.findPlantsUsingStateGroup(this.db, groupId);
    if (plants.length)
      throw fieldErrors('non_field_errors', [
        ['stateManagement.groupInUse', { plants: plants.map((p) => p.name).join(', ') }],
      ]);
    await repo.deleteStateGroup(this.db, groupId);
  }

  /** Null lets the plant use every state of the organisation, so nothing can fall outside it. */
  async updatePlantGroup(user: CurrentUser, plantId: number, body: UpdateStatesGroupRequest) {
    requireAdmin(user);
    const plant = await requirePlant(this.db, user, plantId);
    const groupId = body.state_group;
    if (groupId !== null) {
      const group = await repo.findStateGroup(this.db, user.clientId, groupId);
      if (!group) throw fieldError('state_group', 'stateManagement.unknownStateGroup', { id: groupId });
      const states = await repo.findStatesOfGroups(this.db, [groupId]);
      const reason = await this.statesOutside(user, plant, new Set(states.map((s) => s.state_id)));
      if (reason) throw fieldErrors('state_group', [reason]);
    }
    // The state rules of every change read the plant's group: the switch waits for the changes in flight, and they for it.
    await this.db.transaction().execute(async (trx) => {
      await lockPlant(trx, plant.id);
      await repo.setPlantStateGroup(trx, plant.id, groupId);
    });
    const counts = await countElementsByPlant(this.db, [plant.id]);
    return toPlantDto({ ...plant, state_group_id: groupId }, counts.get(plant.id) ?? 0);
  }

  /** The groups the plant could switch to: those holding every state its elements are in. */
  async validGroups(user: CurrentUser, plantId: number): Promise<StateGroup[]> {
    const plant = await requirePlant(this.db, user, plantId);
    const used = (await repo.countElementsByState(this.db, plant.id)).map((u) => u.stateId);
    const groups = await this.toGroupDtos(await repo.listStateGroups(this.db, user.clientId));
    return groups.filter((group) => used.every((stateId) => group.states.includes(stateId)));
  }

  private async requireState(user: CurrentUser, stateId: number) {
    const state = await repo.findState(this.db, user.clientId, stateId);
    if (!state) throw notFound();
    return state;
  }

  private async requireGroup(user: CurrentUser, groupId: number) {
    const group = await repo.findStateGroup(this.db, user.clientId, groupId);
    if (!group) throw notFound();
    return group;
  }

  /** An element type of another organisation is refused exactly like one that does not exist. */
  private async requireElementType(user: CurrentUser, elementTypeId: number) {
    const type = await repo.findElementType(this.db, user.clientId, elementTypeId);
    if (!type) throw fieldError('element_type', 'stateManagement.unknownElementType', { id: elementTypeId });
    return type;
  }

  private async assertCodeFree(elementTypeId: number, code: string, exceptStateId?: number) {
    const other = await repo.findStateByCode(this.db, elementTypeId, code);
    if (other && other.id !== exceptStateId)
      throw fieldError('code', 'stateManagement.duplicateCode', { code });
  }

  /**
   * `depends_on` must be a state of the organisation and of the same element type, and following
   * the chain from it must never come back to the state itself.
   */
  private async assertDependsOn(
    user: CurrentUser,
    stateId: number | null,
    elementTypeId: number,
    dependsOn: number,
  ) {
    const [target] = await repo.findStatesInClient(this.db, user.clientId, [dependsOn]);
    if (!target) throw fieldError('depends_on', 'stateManagement.unknownState', { id: dependsOn });
    if (target.element_type_id !== elementTypeId)
      throw fieldError('depends_on', 'stateManagement.dependsOnOtherType');
    if (stateId === null) return;
    const states = new Map((await listStatesOfType(this.db, elementTypeId)).map((s) => [s.id, s]));
    const chain = [stateId];
    const seen = new Set<number>();
    for (
      let current: number | null = dependsOn;
      current !== null && !seen.has(current);
      current = states.get(current)?.depends_on ?? null
    ) {
      chain.push(current);
      if (current === stateId) {
        const names = chain.map((id) => states.get(id)?.name ?? String(id));
        throw fieldError('depends_on', 'stateManagement.dependsOnCycle', { path: names.join(' → ') });
      }
      seen.add(current);
    }
  }

  private async assertGroupNameFree(user: CurrentUser, name: string, exceptGroupId?: number) {
    const other = await repo.findStateGroupByName(this.db, user.clientId, name);
    if (other && other.id !== exceptGroupId)
      throw fieldError('name', 'stateManagement.duplicateGroupName', { name });
  }

  /** States of another organisation are refused as unknown: their ids are never confirmed. */
  private async stateIdsOfClient(user: CurrentUser, ids: number[], field: string) {
    const unique = [...new Set(ids)];
    const found = new Set((await repo.findStatesInClient(this.db, user.clientId, unique)).map((s) => s.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw fieldError(field, 'stateManagement.unknownState', { id: missing });
    return unique.sort((a, b) => a - b);
  }

  /** The sentence explaining which of the plant's elements a group would leave out, if any. */
  private async statesOutside(
    user: CurrentUser,
    plant: Pick<PlantRow, 'id' | 'name'>,
    groupStates: Set<number>,
  ): Promise<Message | null> {
    const outside = (await repo.countElementsByState(this.db, plant.id)).filter(
      (u) => !groupStates.has(u.stateId),
    );
    if (outside.length === 0) return null;
    const states = await repo.findStatesInClient(
      this.db,
      user.clientId,
      outside.map((o) => o.stateId),
    );
    const labels = states
      .sort((a, b) => a.type_code.localeCompare(b.type_code) || a.id - b.id)
      .map((s) => `${s.name} (${s.type_code})`);
    const count = outside.reduce((sum, o) => sum + o.count, 0);
    return ['stateManagement.statesOutsideGroup', { plant: plant.name, count, states: labels.join(', ') }];
  }

  private async toGroupDtos(
    rows: { id: number; name: string; description: string }[],
  ): Promise<StateGroup[]> {
    const members = await repo.findStatesOfGroups(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      states: members.filter((m) => m.state_group_id === row.id).map((m) => m.state_id),
    }));
  }
}
