import { ADMIN_ROLE } from '@heliotrack/domain/constants';
import type {
  AuthorizedRucsRequest,
  Ruc,
  RucInput,
  RucStatesRequest,
  UserRuc,
} from '@heliotrack/domain/rucs';
import type { Db } from '../../db/database';
import type { PlantRow } from '../../db/schema';
import { fieldError, notFound } from '../../lib/errors';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { findPlantIdsInClient } from '../../lib/plant-reads.repository';
import { findUserInClient } from '../catalogues/catalogues.repository';
import { findPlantIdsOfUsers, findRolesOfUsers } from '../access/access.repository';
import * as repo from './rucs.repository';

/** RUCs of a plant and users' authorisations on them; administrators only (DESIGN section 12). */
export class RucsService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, plantId: number): Promise<Ruc[]> {
    const plant = await this.requireAdminPlant(user, plantId);
    return this.toDtos(await repo.listRucsOfPlant(this.db, plant.id));
  }

  async get(user: CurrentUser, plantId: number, rucId: number): Promise<Ruc> {
    const plant = await this.requireAdminPlant(user, plantId);
    return (await this.toDtos([await this.requireRuc(plant.id, rucId)]))[0];
  }

  async create(user: CurrentUser, plantId: number, body: RucInput): Promise<Ruc> {
    const plant = await this.requireAdminPlant(user, plantId);
    await this.assertNameFree(plant.id, body.name);
    const id = await repo.insertRuc(this.db, {
      client_id: user.clientId,
      plant_id: plant.id,
      name: body.name,
      description: body.description,
    });
    return this.get(user, plant.id, id);
  }

  async update(user: CurrentUser, plantId: number, rucId: number, body: RucInput): Promise<Ruc> {
    const plant = await this.requireAdminPlant(user, plantId);
    await this.requireRuc(plant.id, rucId);
    await this.assertNameFree(plant.id, body.name, rucId);
    await repo.updateRuc(this.db, rucId, { name: body.name, description: body.description });
    return this.get(user, plant.id, rucId);
  }

  async delete(user: CurrentUser, plantId: number, rucId: number) {
    const plant = await this.requireAdminPlant(user, plantId);
    await this.requireRuc(plant.id, rucId);
    await repo.deleteRuc(this.db, rucId);
  }

  /** A RUC bundles states the plant can use: those of its state group (any of the organisation without one). */
  async updateStates(
    user: CurrentUser,
    plantId: number,
    rucId: number,
    body: RucStatesRequest,
  ): Promise<Ruc> {
    const plant = await this.requireAdminPlant(user, plantId);
    await this.requireRuc(plant.id, rucId);
    const ids = [...new Set(body.states)].sort((a, b) => a - b);
    const found = new Map(
      (await repo.findStatesForPlant(this.db, user.clientId, plant.state_group_id, ids)).map((s) => [
        s.id,
        s,
      ]),
    );
    for (const id of ids) {
      const state = found.get(id);
      if (!state) throw fieldError('states', 'stateManagement.unknownState', { id });
      if (!state.inGroup) throw fieldError('states', 'rucs.stateNotInPlantGroup', { state: state.name });
    }
    await this.db.transaction().execute((trx) => repo.replaceRucStates(trx, rucId, ids));
    return this.get(user, plant.id, rucId);
  }

  /** Every RUC of the plant, and whether the user holds it there. */
  async userRucs(user: CurrentUser, userId: number, plantId: number): Promise<UserRuc[]> {
    requireAdmin(user);
    await this.requireUser(user, userId);
    const plant = await this.requireAdminPlant(user, plantId);
    const [rucs, held] = await Promise.all([
      this.list(user, plant.id),
      repo.findUserRucs(this.db, userId, plant.id),
    ]);
    const active = new Set(held.filter((h) => h.is_active === 1).map((h) => h.ruc_id));
    return rucs.map((ruc) => ({ ...ruc, is_active: active.has(ruc.id) }));
  }

  /**
   * Replaces the user's active RUCs on one plant. The plant must be one they are authorised on
   * (administrators see every plant, so theirs always is).
   */
  async authorizeRucs(user: CurrentUser, userId: number, body: AuthorizedRucsRequest): Promise<UserRuc[]> {
    requireAdmin(user);
    const target = await this.requireUser(user, userId);
    const [plantId] = await findPlantIdsInClient(this.db, user.clientId, [body.plant]);
    if (plantId === undefined) throw fieldError('plant', 'errors.unknownPlant', { id: body.plant });
    const targetIsAdmin = (await findRolesOfUsers(this.db, [target.id])).some((r) => r.code === ADMIN_ROLE);
    const authorised = (await findPlantIdsOfUsers(this.db, [target.id])).some((p) => p.plant_id === plantId);
    if (!targetIsAdmin && !authorised) throw fieldError('plant', 'rucs.userNotOnPlant');
    const rucIds = [...new Set(body.rucs)];
    const found = new Set(await repo.findRucIdsOfPlant(this.db, plantId, rucIds));
    const missing = rucIds.find((id) => !found.has(id));
    if (missing !== undefined) throw fieldError('rucs', 'rucs.unknownRuc', { id: missing });
    await this.db.transaction().execute((trx) => repo.replaceUserRucs(trx, target.id, plantId, rucIds));
    return this.userRucs(user, userId, plantId);
  }

  /** Every handler starts here: administrators only, and a plant of another organisation is not found. */
  private async requireAdminPlant(user: CurrentUser, plantId: number): Promise<PlantRow> {
    requireAdmin(user);
    return requirePlant(this.db, user, plantId);
  }

  private async requireRuc(plantId: number, rucId: number) {
    const ruc = await repo.findRuc(this.db, plantId, rucId);
    if (!ruc) throw notFound();
    return ruc;
  }

  private async requireUser(user: CurrentUser, userId: number) {
    const target = await findUserInClient(this.db, user.clientId, userId);
    if (!target) throw notFound();
    return target;
  }

  private async assertNameFree(plantId: number, name: string, exceptRucId?: number) {
    const other = await repo.findRucByName(this.db, plantId, name);
    if (other && other.id !== exceptRucId) throw fieldError('name', 'rucs.duplicateName', { name });
  }

  private async toDtos(
    rows: { id: number; plant_id: number; name: string; description: string }[],
  ): Promise<Ruc[]> {
    const states = await repo.findStatesOfRucs(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      plant: row.plant_id,
      name: row.name,
      description: row.description,
      states: states.filter((s) => s.ruc_id === row.id).map((s) => s.state_id),
    }));
  }
}
