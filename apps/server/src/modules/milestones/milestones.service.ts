import type { Selectable } from 'kysely';
import type { Milestone, MilestoneFollowup, MilestoneListQuery, MilestoneRequest } from '@heliotrack/domain/milestones';
import { statesReaching } from '@heliotrack/domain/states';
import type { Db } from '../../db/database';
import type { MilestonesTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { detailError, fieldError } from '../../lib/errors';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import { findElementTypeInClient, findStateInClient, listStatesOfType } from '../catalogues/catalogues.repository';
import * as repo from './milestones.repository';

type MilestoneRow = Selectable<MilestonesTable>;

const DAY_MS = 86_400_000;
/** A follow-up spans at most this many days (about 27 years): beyond it the start is moved forward. */
const MAX_FOLLOWUP_DAYS = 10_000;

export function toMilestoneDto(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    plant: row.plant_id,
    name: row.name,
    element_type: row.element_type_id,
    state: row.state_id,
    target_count: row.target_count,
    target_date: row.target_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00.000Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class MilestonesService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser, plantId: number, query: MilestoneListQuery): Promise<Milestone[]> {
    const plant = await requirePlant(this.db, user, plantId);
    if (query.element_type !== undefined) await this.requireType(user, query.element_type);
    return (await repo.listMilestones(this.db, plant.id, query.element_type)).map(toMilestoneDto);
  }

  async get(user: CurrentUser, plantId: number, milestoneId: number): Promise<Milestone> {
    return toMilestoneDto(await this.requireMilestone(user, plantId, milestoneId));
  }

  async create(user: CurrentUser, plantId: number, body: MilestoneRequest): Promise<Milestone> {
    const plant = await requirePlant(this.db, user, plantId);
    await this.checkBody(user, body);
    const now = nowIso();
    const id = await repo.insertMilestone(this.db, {
      client_id: user.clientId,
      plant_id: plant.id,
      element_type_id: body.element_type,
      state_id: body.state,
      name: body.name,
      target_count: body.target_count,
      target_date: body.target_date,
      created_at: now,
      updated_at: now,
    });
    return this.get(user, plant.id, id);
  }

  async update(user: CurrentUser, plantId: number, milestoneId: number, body: MilestoneRequest): Promise<Milestone> {
    const row = await this.requireMilestone(user, plantId, milestoneId);
    await this.checkBody(user, body);
    await repo.updateMilestone(this.db, row.id, {
      element_type_id: body.element_type,
      state_id: body.state,
      name: body.name,
      target_count: body.target_count,
      target_date: body.target_date,
      updated_at: nowIso(),
    });
    return this.get(user, plantId, row.id);
  }

  async remove(user: CurrentUser, plantId: number, milestoneId: number) {
    const row = await this.requireMilestone(user, plantId, milestoneId);
    await repo.deleteMilestone(this.db, row.id);
  }

  /**
   * Every milestone of the plant (of one type, or all) with its follow-up and the elements that first
   * reached it per day: what a report draws of each.
   */
  async reportProgress(reader: CurrentUser, plantId: number, elementTypeId: number | null) {
    const progress = [];
    for (const milestone of await repo.listMilestones(this.db, plantId, elementTypeId ?? undefined)) {
      const followup = await this.followup(reader, plantId, milestone.id);
      const firsts = await repo.countFirstReachedByDay(this.db, plantId, milestone.element_type_id, followup.reaching_states);
      progress.push({ milestone, followup, firsts });
    }
    return progress;
  }

  /**
   * The S-curve of a milestone, one point per day from the start to the target date (both included):
   * planned grows linearly from 0 at the start to target_count at the target date; actual is the
   * number of elements of the type whose first change into the target state (or a state whose
   * depends_on chain leads to it) happened by the end of that day (UTC), from the history only.
   * Changes before the start count on the first day.
   */
  async followup(user: CurrentUser, plantId: number, milestoneId: number): Promise<MilestoneFollowup> {
    const row = await this.requireMilestone(user, plantId, milestoneId);
    const plant = await requirePlant(this.db, user, plantId);
    const states = await listStatesOfType(this.db, row.element_type_id);
    const reaching = [...statesReaching(row.state_id, states)].sort((a, b) => a - b);
    const [firsts, firstChange] = await Promise.all([
      repo.countFirstReachedByDay(this.db, plant.id, row.element_type_id, reaching),
      plant.start_date ? Promise.resolve(null) : repo.firstStateChangeAt(this.db, plant.id),
    ]);
    const target = dayMs(row.target_date);
    let start = dayMs(plant.start_date?.slice(0, 10) ?? firstChange?.slice(0, 10) ?? row.target_date);
    if (!Number.isFinite(start) || start > target) start = target;
    start = Math.max(start, target - MAX_FOLLOWUP_DAYS * DAY_MS);
    const span = Math.round((target - start) / DAY_MS);

    const points: MilestoneFollowup['points'] = [];
    let actual = 0;
    let next = 0;
    for (let i = 0; i <= span; i++) {
      const date = dayOf(start + i * DAY_MS);
      while (next < firsts.length && firsts[next].day <= date) actual += firsts[next++].count;
      const planned = span === 0 ? row.target_count : (row.target_count * i) / span;
      points.push({ date, planned: Math.round(planned * 100) / 100, actual });
    }
    return {
      milestone: toMilestoneDto(row),
      start_date: dayOf(start),
      target_date: row.target_date,
      target_count: row.target_count,
      reaching_states: reaching,
      points,
    };
  }

  private async requireMilestone(user: CurrentUser, plantId: number, milestoneId: number) {
    const plant = await requirePlant(this.db, user, plantId);
    const row = await repo.findMilestone(this.db, plant.id, milestoneId);
    if (!row) throw detailError(404, 'milestones.unknownMilestone', 'not_found', { id: milestoneId });
    return row;
  }

  private async requireType(user: CurrentUser, typeId: number) {
    const type = await findElementTypeInClient(this.db, user.clientId, { id: typeId });
    if (!type) throw fieldError('element_type', 'elements.unknownElementType', { id: typeId });
    return type;
  }

  /** The type must be the organisation's and the state one of that type. */
  private async checkBody(user: CurrentUser, body: MilestoneRequest) {
    const type = await this.requireType(user, body.element_type);
    const state = await findStateInClient(this.db, user.clientId, body.state);
    if (!state) throw fieldError('state', 'milestones.unknownState', { id: body.state });
    if (state.element_type_id !== type.id) throw fieldError('state', 'milestones.stateOfOtherType', { state: state.name, type: type.code });
  }
}
