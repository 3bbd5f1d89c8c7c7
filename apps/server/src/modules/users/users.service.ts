import type { ClientUser, ClientUserCreate, ClientUserUpdate } from '@heliotrack/domain/users';
import type { AuthorizedPlantsRequest, UserPlant } from '@heliotrack/domain/rucs';
import type { PageQuery } from '@heliotrack/domain/pagination';
import type { Language } from '@heliotrack/domain/constants';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { offsetOf, pageOf } from '../../lib/pagination';
import { fieldError, notFound } from '../../lib/errors';
import {
  countActiveRucsByPlant,
  deleteUserRucsOutsidePlants,
  findPlantIdsOfUsers,
  findRolesByCode,
  findRolesOfUsers,
} from '../access/access.repository';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { findPlantIdsInClient, listClientPlantSummaries } from '../../lib/plant-reads.repository';
import { endSessions, findUserByEmail, updateUser, usePasswordResetsOf } from '../../lib/accounts.repository';
import { findUserInClient } from '../catalogues/catalogues.repository';
import * as repo from './users.repository';

export class UsersService {
  constructor(private readonly db: Db) {}

  async roles(user: CurrentUser) {
    requireAdmin(user);
    return repo.listRoles(this.db);
  }

  async list(user: CurrentUser, filters: { search?: string; is_active?: 'true' | 'false' }, page: PageQuery, url: string) {
    requireAdmin(user);
    const query = { search: filters.search?.trim() || undefined, isActive: filters.is_active ? filters.is_active === 'true' : undefined };
    const [count, rows] = await Promise.all([
      repo.countUsers(this.db, user.clientId, query),
      repo.listUsers(this.db, user.clientId, query, page.page_size, offsetOf(page)),
    ]);
    return pageOf(await this.toDtos(rows), count, page, url);
  }

  async get(user: CurrentUser, userId: number) {
    requireAdmin(user);
    const row = await findUserInClient(this.db, user.clientId, userId);
    if (!row) throw notFound();
    return (await this.toDtos([row]))[0];
  }

  async create(user: CurrentUser, body: ClientUserCreate, _language: Language) {
    requireAdmin(user);
    if (await findUserByEmail(this.db, body.email)) throw fieldError('email', 'errors.emailTaken');
    const roleIds = await this.roleIds(body.roles);
    const plantIds = await this.plantIds(user, body.plants);
    const passwordHash = await hashPassword(body.password);
    const id = await this.db.transaction().execute(async (trx) => {
      const newId = await repo.insertUser(trx, {
        client_id: user.clientId,
        email: body.email,
        name: body.name,
        password_hash: passwordHash,
        is_active: body.is_active ? 1 : 0,
        language: body.language,
      });
      await repo.replaceUserRoles(trx, newId, roleIds);
      await repo.replaceUserPlants(trx, newId, plantIds);
      return newId;
    });
    return this.get(user, id);
  }

  async update(user: CurrentUser, userId: number, body: ClientUserUpdate) {
    requireAdmin(user);
    const row = await findUserInClient(this.db, user.clientId, userId);
    if (!row) throw notFound();
    const other = await findUserByEmail(this.db, body.email);
    if (other && other.id !== userId) throw fieldError('email', 'errors.emailTaken');
    const roleIds = await this.roleIds(body.roles);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, userId, {
        email: body.email,
        name: body.name,
        is_active: body.is_active ? 1 : 0,
        language: body.language,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      });
      await repo.replaceUserRoles(trx, userId, roleIds);
      // An administrator's new password or a deactivation signs the user out everywhere at once.
      if (passwordHash || (!body.is_active && row.is_active === 1)) await endSessions(trx, userId);
      if (passwordHash) await usePasswordResetsOf(trx, userId);
    });
    return this.get(user, userId);
  }

  /** Signs the user out on every device: their access tokens and logins stop working at once. */
  async revokeSessions(user: CurrentUser, userId: number, language: Language) {
    requireAdmin(user);
    if (!(await findUserInClient(this.db, user.clientId, userId))) throw notFound();
    await this.db.transaction().execute((trx) => endSessions(trx, userId));
    return { detail: translate(language, 'auth.sessionsRevoked') };
  }

  async clientPlants(user: CurrentUser) {
    requireAdmin(user);
    return listClientPlantSummaries(this.db, user.clientId);
  }

  /** Every plant of the organisation, whether the user is authorised on it, and their active RUCs there. */
  async plantsOfUser(user: CurrentUser, userId: number): Promise<UserPlant[]> {
    requireAdmin(user);
    if (!(await findUserInClient(this.db, user.clientId, userId))) throw notFound();
    const [plants, authorised, rucs] = await Promise.all([
      listClientPlantSummaries(this.db, user.clientId),
      findPlantIdsOfUsers(this.db, [userId]),
      countActiveRucsByPlant(this.db, userId),
    ]);
    const ids = new Set(authorised.map((p) => p.plant_id));
    return plants.map((p) => ({ ...p, is_authorized: ids.has(p.id), active_rucs: ids.has(p.id) ? (rucs.get(p.id) ?? 0) : 0 }));
  }

  /** Replaces the user's plants; their RUCs on the plants they lose go with them. */
  async authorizePlants(user: CurrentUser, userId: number, body: AuthorizedPlantsRequest): Promise<UserPlant[]> {
    requireAdmin(user);
    if (!(await findUserInClient(this.db, user.clientId, userId))) throw notFound();
    const plantIds = await this.plantIds(user, body.plants);
    await this.db.transaction().execute(async (trx) => {
      await repo.replaceUserPlants(trx, userId, plantIds);
      await deleteUserRucsOutsidePlants(trx, userId, plantIds);
    });
    return this.plantsOfUser(user, userId);
  }

  private async roleIds(codes: string[]) {
    const unique = [...new Set(codes)];
    const found = await findRolesByCode(this.db, unique);
    const missing = unique.find((code) => !found.some((r) => r.code === code));
    if (missing) throw fieldError('roles', 'errors.unknownRole', { code: missing });
    return found.map((r) => r.id);
  }

  /** Plants of another organisation are refused as unknown: their ids are never confirmed. */
  private async plantIds(user: CurrentUser, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await findPlantIdsInClient(this.db, user.clientId, unique);
    const missing = unique.find((id) => !found.includes(id));
    if (missing !== undefined) throw fieldError('plants', 'errors.unknownPlant', { id: missing });
    return unique;
  }

  private async toDtos(rows: UserRow[]): Promise<ClientUser[]> {
    const ids = rows.map((r) => r.id);
    const [roles, plants] = await Promise.all([findRolesOfUsers(this.db, ids), findPlantIdsOfUsers(this.db, ids)]);
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      is_active: row.is_active === 1,
      language: (['es', 'en', 'it'].includes(row.language) ? row.language : 'es') as ClientUser['language'],
      roles: roles.filter((r) => r.user_id === row.id).map(({ id, code, name }) => ({ id, code, name })),
      plants: plants.filter((p) => p.user_id === row.id).map((p) => p.plant_id),
      created_at: row.created_at,
    }));
  }
}
