import type { Contractor } from '@heliotrack/domain/catalogues';
import type {
  ContractorGroup,
  ContractorGroupInput,
  ContractorInput,
  SearchQuery,
} from '@heliotrack/domain/contractors';
import type { Db } from '../../db/database';
import { fieldError, fieldErrors, type Message, notFound } from '../../lib/errors';
import { requireAdmin, type CurrentUser } from '../../lib/current-user';
import { toContractorDto } from '../catalogues/catalogues.service';
import * as repo from './contractors.repository';

/**
 * The organisation's contractors and contractor groups. Reads are open to every user of the
 * organisation; writes are for administrators (DESIGN section 12). A group is assigned to plants
 * through `POST plants/{id}/update-contractors-group/` (catalogues module).
 */
export class ContractorsService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, query: SearchQuery): Promise<Contractor[]> {
    return (await repo.listContractors(this.db, user.clientId, query.search || undefined)).map(
      toContractorDto,
    );
  }

  async get(user: CurrentUser, contractorId: number): Promise<Contractor> {
    return toContractorDto(await this.requireContractor(user, contractorId));
  }

  async create(user: CurrentUser, body: ContractorInput): Promise<Contractor> {
    requireAdmin(user);
    await this.assertNameFree(user, body.name);
    const id = await repo.insertContractor(this.db, user.clientId, body);
    return this.get(user, id);
  }

  async update(user: CurrentUser, contractorId: number, body: ContractorInput): Promise<Contractor> {
    requireAdmin(user);
    await this.requireContractor(user, contractorId);
    await this.assertNameFree(user, body.name, contractorId);
    await repo.updateContractor(this.db, contractorId, body);
    return this.get(user, contractorId);
  }

  /** A contractor that elements or the history name stays: who did the work must not vanish. */
  async delete(user: CurrentUser, contractorId: number) {
    requireAdmin(user);
    const contractor = await this.requireContractor(user, contractorId);
    const reasons: Message[] = [];
    const elements = await repo.countElementsOfContractor(this.db, user.clientId, contractorId);
    if (elements > 0)
      reasons.push(['contractors.usedByElements', { name: contractor.name, count: elements }]);
    if (await repo.isContractorInHistory(this.db, contractorId))
      reasons.push(['contractors.usedByHistory', { name: contractor.name }]);
    if (reasons.length) throw fieldErrors('non_field_errors', reasons);
    await repo.deleteContractor(this.db, contractorId);
  }

  async listGroups(user: CurrentUser, query: SearchQuery): Promise<ContractorGroup[]> {
    return this.toGroupDtos(
      await repo.listContractorGroups(this.db, user.clientId, query.search || undefined),
    );
  }

  async getGroup(user: CurrentUser, groupId: number): Promise<ContractorGroup> {
    return (await this.toGroupDtos([await this.requireGroup(user, groupId)]))[0];
  }

  async createGroup(user: CurrentUser, body: ContractorGroupInput): Promise<ContractorGroup> {
    requireAdmin(user);
    await this.assertGroupNameFree(user, body.name);
    const contractorIds = await this.contractorIdsOfClient(user, body.contractors);
    const id = await this.db.transaction().execute(async (trx) => {
      const newId = await repo.insertContractorGroup(trx, user.clientId, body.name);
      await repo.replaceGroupMembers(trx, newId, contractorIds);
      return newId;
    });
    return this.getGroup(user, id);
  }

  async updateGroup(
    user: CurrentUser,
    groupId: number,
    body: ContractorGroupInput,
  ): Promise<ContractorGroup> {
    requireAdmin(user);
    await this.requireGroup(user, groupId);
    await this.assertGroupNameFree(user, body.name, groupId);
    const contractorIds = await this.contractorIdsOfClient(user, body.contractors);
    await this.db.transaction().execute(async (trx) => {
      await repo.updateContractorGroup(trx, groupId, body.name);
      await repo.replaceGroupMembers(trx, groupId, contractorIds);
    });
    return this.getGroup(user, groupId);
  }

  /** A group assigned to plants stays until they get another one, so no plant loses its contractors silently. */
  async deleteGroup(user: CurrentUser, groupId: number) {
    requireAdmin(user);
    await this.requireGroup(user, groupId);
    const plants = await repo.findPlantsUsingContractorGroup(this.db, groupId);
    if (plants.length)
      throw fieldErrors('non_field_errors', [
        ['contractors.groupInUse', { plants: plants.map((p) => p.name).join(', ') }],
      ]);
    await repo.deleteContractorGroup(this.db, groupId);
  }

  private async requireContractor(user: CurrentUser, contractorId: number) {
    const contractor = await repo.findContractor(this.db, user.clientId, contractorId);
    if (!contractor) throw notFound();
    return contractor;
  }

  private async requireGroup(user: CurrentUser, groupId: number) {
    const group = await repo.findContractorGroup(this.db, user.clientId, groupId);
    if (!group) throw notFound();
    return group;
  }

  private async assertNameFree(user: CurrentUser, name: string, exceptId?: number) {
    const other = await repo.findContractorByName(this.db, user.clientId, name);
    if (other && other.id !== exceptId) throw fieldError('name', 'contractors.duplicateName', { name });
  }

  private async assertGroupNameFree(user: CurrentUser, name: string, exceptId?: number) {
    const other = await repo.findContractorGroupByName(this.db, user.clientId, name);
    if (other && other.id !== exceptId) throw fieldError('name', 'contractors.duplicateGroupName', { name });
  }

  /** Contractors of another organisation are refused as unknown: their ids are never confirmed. */
  private async contractorIdsOfClient(user: CurrentUser, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = new Set(await repo.findContractorIdsInClient(this.db, user.clientId, unique));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined)
      throw fieldError('contractors', 'contractors.unknownContractor', { id: missing });
    return unique.sort((a, b) => a - b);
  }

  private async toGroupDtos(rows: { id: number; name: string }[]): Promise<ContractorGroup[]> {
    const members = await repo.findMembersOfGroups(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      contractors: members.filter((m) => m.contractor_group_id === row.id).map((m) => m.contractor_id),
    }));
  }
}
