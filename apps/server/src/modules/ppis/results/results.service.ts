import { ADMIN_ROLE, type Language } from '@heliotrack/domain/constants';
import { RECORDED_AT_MAX_SKEW_MS } from '@heliotrack/domain/elements';
import { translate } from '@heliotrack/domain/i18n/translate';
import type { PageQuery } from '@heliotrack/domain/pagination';
import {
  activityRefusal,
  closedRefusal,
  documentsRefusal,
  documentsUnavailableRefusal,
  equipmentRefusal,
  mergeResults,
  type PpiResultRefusal,
  resultDateOf,
  resultMergeCounts,
  resultReviewGroups,
  unlinkedRefusal,
} from '@heliotrack/domain/ppi-result-rule';
import { observedAt } from '@heliotrack/domain/state-change-rule';
import type {
  ActivityCounts,
  BulkResultRequest,
  DetailedResults,
  ElementResults,
  ListElementsQuery,
  MassiveResultRequest,
  OtherRolesDetailQuery,
  PpiResult,
  PpiResultHistoryItem,
  PpiResultsQuery,
  PpiResultWriteAnswer,
  PpiResultValue,
  ResultsSummary,
  ResultUpdate,
  ResultWriteAnswer,
  RoleCounts,
} from '@heliotrack/domain/ppi-results';
import { ppiResultOf } from '@heliotrack/domain/ppi-result-dto';
import { ROLE_CODES } from '@heliotrack/domain/roles';
import type { Db } from '../../../db/database';
import { fromFlag } from '../../../db/dialect';
import { ApiError, detailError, fieldError, notFound } from '../../../lib/errors';
import { idempotentWrite } from '../../../lib/idempotent-write';
import { offsetOf, pageOf } from '../../../lib/pagination';
import { shareElementWrites, takeElementsVersion } from '../../../lib/plant-writes.repository';
import { nowIso } from '../../../lib/time';
import { requireAdmin, type CurrentUser } from '../../../lib/current-user';
import { findEquipment } from '../../catalogues/catalogues.repository';
import { toDocumentDto } from '../../../lib/document-dto';
import { toElementDto } from '../../../lib/element-dto';
import * as ppiRepo from '../plans/plans.repository';
import type { RegisterReads } from '../plans/plans.service';
import * as repo from './results.repository';
import { activityCounts, parseRoles } from '../../../lib/ppi-activities';
import { insertRefusedReview, insertReviews, type NewSyncReview } from '../../../lib/sync-review-writes.repository';

/**
 * Throws the rule's refusal (packages/domain ppi-result-rule) as the API answers it: 400
 * `{[field]: [message], code}`, or 403 `{detail, code: "permission_denied", refusal: code}`.
 */
function refuse(found: PpiResultRefusal | null) {
  if (!found) return;
  const { code, field, key, params } = found;
  if (found.status === 403) {
    throw new ApiError(403, (language) => ({ detail: translate(language, key, params), code: 'permission_denied', refusal: code }));
  }
  throw new ApiError(400, (language) => ({ [field]: [translate(language, key, params)], code }));
}

/** `recorded_at` as stored (UTC). Later than now, beyond the clock skew devices are allowed, is refused. */
function checkedRecordedAt(value: string) {
  const at = Date.parse(value);
  if (at > Date.now() + RECORDED_AT_MAX_SKEW_MS) {
    refuse({ status: 400, code: 'recorded_at_in_future', field: 'recorded_at', key: 'ppis.results.recordedAtInFuture', params: { recorded_at: value, now: nowIso() } });
  }
  return new Date(at).toISOString();
}

/** A recorded_at that parses, as stored (UTC); else null. */
function validRecordedAt(value: string | undefined) {
  const at = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** What every result write may carry from a device. */
interface OfflineWrite {
  client_uuid?: string | undefined;
  recorded_at?: string | undefined;
  known_elements_version?: number | undefined;
  result_date?: string | undefined;
}

/** What a refused write was about, for its review. */
interface RefusalSubject {
  activityId: number | null;
  elementIds: number[];
  result: string | null;
}

/** One activity's result for some elements, in one write. */
interface WriteEntry {
  activity: ActivityRow;
  values: { result: string; observations: string; equipment: number | null };
  elementIds: number[];
}

interface MergeStamp {
  observedAt: string;
  recordedAt: string | null;
  now: string;
  clientUuid: string | null;
  resultDate: string;
  knownElementsVersion: number | undefined;
}

/** What a write's body is given inside the transaction: its result date, and the merge of its entries. */
interface WriteContext {
  resultDate: string;
  merge: (entries: WriteEntry[]) => Promise<{ applied_count: number; late_count: number; conflict_count: number; elements_version: number }>;
}

type ActivityRow = Awaited<ReturnType<typeof ppiRepo.listPpiActivities>>[number];
type PpiRow = NonNullable<Awaited<ReturnType<typeof ppiRepo.findVisiblePpi>>>;

/**
 * `POST documents/` with `ppi_result_id`: the result must be of a plan the caller sees (else a 400
 * naming it, as for other owners), of an activity the caller records, on an open plan. Answers the
 * plan's plant, which the document belongs to.
 */
export async function resultForUpload(db: Db, user: CurrentUser, resultId: number): Promise<number> {
  const result = await repo.findResultForUpload(db, user.clientId, resultId);
  const ppi = result && (await ppiRepo.findVisiblePpi(db, user, result.ppi_id));
  if (!result || !ppi) throw fieldError('ppi_result_id', 'ppis.results.unknownResult', { id: resultId });
  if (ppi.status === 'closed') throw fieldError('ppi_result_id', 'ppis.results.closed');
  if (!user.isAdmin) {
    const role = await ppiRepo.findRoleInPpi(db, ppi.id, user.id);
    const roles = parseRoles(result.roles);
    if (role === undefined || !roles.includes(role)) {
      throw detailError(403, 'ppis.results.notYourActivity', 'permission_denied', {
        activity: result.name,
        roles: roles.join(', '),
        role: role ?? '—',
      });
    }
  }
  return ppi.plant_id;
}

/** Who the caller is in one plan: the role they hold and the activities they may record. */
interface Caller {
  user: CurrentUser;
  ppi: PpiRow;
  role: string | null;
  activities: ActivityRow[];
  canRecord: (activity: ActivityRow) => boolean;
}

const emptyCounts = () => ({ ok: 0, not_ok: 0, na: 0 });

export class PpiResultsService implements RegisterReads {
  constructor(
    private readonly db: Db,
    /** How many unresolved refused writes are recorded per user and plant (SYNC_REVIEW_MAX_UNRESOLVED). */
    private readonly reviewLimits: { maxUnresolved: number } = { maxUnresolved: 1000 },
  ) {}

  // -------------------------------------------------------------------------------------------
  // The register map's reads (PpisService draws the tiles)
  // -------------------------------------------------------------------------------------------

  resultsVersion(ppiId: number) {
    return repo.resultsVersion(this.db, ppiId);
  }

  resultsAmong(ppiId: number, activityId: number, elementIds: number[]) {
    return repo.findResultsAmong(this.db, ppiId, activityId, elementIds);
  }

  // -------------------------------------------------------------------------------------------
  // Writes
  // -------------------------------------------------------------------------------------------

  /** `POST ppis/{id}/bulk-update-results/`: one result of one activity on many linked elements, all or nothing. */
  async bulk(user: CurrentUser, ppiId: number, body: BulkResultRequest, language: Language = 'es'): Promise<ResultWriteAnswer> {
    const caller = await this.caller(user, ppiId);
    const subject = { activityId: body.activity, elementIds: body.element_ids, result: body.result };
    return this.record(caller, body, language, subject, async (trx, write) => {
      const activity = this.recordableActivity(caller, body.activity, 'activity');
      const ids = await this.linkedElements(trx, caller.ppi.id, body.element_ids);
      refuse(documentsRefusal(body.documents, ids.length));
      await this.checkEquipment(trx, user, body.equipment, write.resultDate, 'equipment');
      const merged = await write.merge([{ activity, values: body, elementIds: ids }]);
      await this.attachDocuments(trx, caller, activity.id, ids[0], body.documents);
      return { written: ids.length, element_count: ids.length, activity_count: 1, result_date: write.resultDate, ...merged };
    });
  }

  /** `POST ppis/{id}/massive-activities-updates/`: many activities, each with its result, on many elements, all or nothing. */
  async massive(user: CurrentUser, ppiId: number, body: MassiveResultRequest, language: Language = 'es'): Promise<ResultWriteAnswer> {
    const caller = await this.caller(user, ppiId);
    const results = [...new Set(body.activities.map((a) => a.result))];
    const subject = { activityId: body.activities.length === 1 ? body.activities[0].activity : null, elementIds: body.element_ids, result: results.length === 1 ? results[0] : null };
    return this.record(caller, body, language, subject, async (trx, write) => {
      const activities = body.activities.map((entry, index) => ({
        entry,
        activity: this.recordableActivity(caller, entry.activity, `activities.${index}.activity`),
      }));
      const ids = await this.linkedElements(trx, caller.ppi.id, body.element_ids);
      for (const [index, { entry }] of activities.entries())
        await this.checkEquipment(trx, user, entry.equipment, write.resultDate, `activities.${index}.equipment`);
      const merged = await write.merge(activities.map(({ entry, activity }) => ({ activity, values: entry, elementIds: ids })));
      return {
        written: ids.length * activities.length,
        element_count: ids.length,
        activity_count: activities.length,
        result_date: write.resultDate,
        ...merged,
      };
    });
  }

  /** `PATCH ppis/{id}/ppi-results/{rid}/update-result/`: records a result again. */
  async update(user: CurrentUser, ppiId: number, resultId: number, body: ResultUpdate, language: Language = 'es'): Promise<PpiResultWriteAnswer> {
    const caller = await this.caller(user, ppiId);
    const known = await repo.findResult(this.db, caller.ppi.id, resultId);
    const subject = { activityId: known?.activity_id ?? null, elementIds: known ? [known.element_id] : [], result: body.result };
    return this.record(caller, body, language, subject, async (trx, write) => {
      const row = await repo.findResult(trx, caller.ppi.id, resultId);
      if (!row) throw notFound();
      const activity = this.recordableActivity(caller, row.activity_id, 'activity');
      await this.checkEquipment(trx, user, body.equipment, write.resultDate, 'equipment');
      const merged = await write.merge([{ activity, values: body, elementIds: [row.element_id] }]);
      await this.attachDocuments(trx, caller, activity.id, row.element_id, body.documents);
      return { ...(await this.toDto(caller, (await repo.findResult(trx, caller.ppi.id, row.id))!, trx)), ...merged };
    });
  }

  /** `GET ppis/{id}/ppi-results/{rid}/history/` (paged): every write of the result, latest observed first. */
  async history(user: CurrentUser, ppiId: number, resultId: number, page: PageQuery, url: string) {
    const caller = await this.caller(user, ppiId);
    const row = await repo.findResult(this.db, caller.ppi.id, resultId);
    if (!row) throw notFound();
    const [count, rows, current] = await Promise.all([
      repo.countHistory(this.db, row.id),
      repo.listHistory(this.db, row.id, { limit: page.page_size, offset: offsetOf(page) }),
      repo.findCurrentHistoryId(this.db, row.id),
    ]);
    const items: PpiResultHistoryItem[] = rows.map((h) => ({
      id: h.id,
      result: h.result as PpiResultValue,
      observations: h.observations,
      equipment: h.equipment_id === null ? null : { id: h.equipment_id, name: h.equipment_name ?? '' },
      result_date: h.result_date,
      author: h.user_id === null ? null : { id: h.user_id, name: h.author_name ?? '' },
      role: h.role,
      recorded_at: h.recorded_at,
      observed_at: h.observed_at,
      received_at: h.received_at,
      late: fromFlag(h.late),
      conflict: fromFlag(h.conflict),
      current: h.id === current,
    }));
    return pageOf(items, count, page, url);
  }

  /** `POST ppis/{id}/ppi-close` and `ppi-reopen` (administrators): a closed plan refuses every result. */
  async setStatus(user: CurrentUser, ppiId: number, status: 'open' | 'closed') {
    requireAdmin(user);
    const ppi = await this.requirePpi(user, ppiId);
    await this.db.transaction().execute(async (trx) => {
      const locked = await repo.lockPpi(trx, ppi.id);
      if (locked.status === status)
        throw fieldError(
          'non_field_errors',
          status === 'closed' ? 'ppis.results.alreadyClosed' : 'ppis.results.alreadyOpen',
        );
      await repo.setPpiStatus(trx, ppi.id, {
        status,
        closed_by: status === 'closed' ? user.id : null,
        closed_at: status === 'closed' ? nowIso() : null,
        updated_at: nowIso(),
      });
    });
  }

  /**
   * A result write (DESIGN section 6 "Merge"). A refusal of a write that carries a client uuid (an
   * offline write, or one the device may resend) is recorded once for the office's review, with its
   * reason in the sender's language, and thrown.
   */
  private async record<T>(
    caller: Caller,
    body: OfflineWrite,
    language: Language,
    subject: RefusalSubject,
    write: (trx: Db, context: WriteContext) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.idempotent(caller, body, write);
    } catch (error) {
      if (body.client_uuid && error instanceof ApiError && (error.statusCode === 400 || error.statusCode === 403)) {
        await this.recordRefusal(caller, body, language, subject, error);
      }
      throw error;
    }
  }

  private async recordRefusal(caller: Caller, body: OfflineWrite, language: Language, subject: RefusalSubject, error: ApiError) {
    const answer = typeof error.body === 'function' ? error.body(language) : error.body;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    const code = text((answer as Record<string, unknown>).refusal) ?? text((answer as Record<string, unknown>).code);
    const messages = Object.entries(answer).flatMap(([field, value]) =>
      field === 'code' || field === 'refusal' ? [] : Array.isArray(value) ? value : typeof value === 'string' ? [value] : [],
    );
    const now = nowIso();
    const ids = [...new Set(subject.elementIds)];
    const recordedAt = validRecordedAt(body.recorded_at);
    await insertRefusedReview(
      this.db,
      {
        client_id: caller.user.clientId,
        plant_id: caller.ppi.plant_id,
        kind: 'refused',
        subject: 'ppi_result',
        user_id: caller.user.id,
        element_type_id: caller.ppi.element_type_id,
        state_id: null,
        element_ids: JSON.stringify(ids),
        element_count: ids.length,
        observed_at: observedAt(recordedAt, now),
        received_at: now,
        state_change_id: null,
        met_state_change_id: null,
        ppi_id: caller.ppi.id,
        activity_id: caller.activities.some((a) => a.id === subject.activityId) ? subject.activityId : null,
        result: subject.result,
        refused_uuid: body.client_uuid!,
        reason_code: code,
        reason: messages.join(' ').slice(0, 2000),
        created_at: now,
      },
      this.reviewLimits.maxUnresolved,
    );
  }

  /**
   * Runs a write in one transaction: the plant shared with the other writers of its elements (its
   * version is taken at the end, lib/plant-writes.repository.ts), then the plan locked, so a close
   * either waits for it or is seen by it. With a client uuid, a write made before answers its first
   * answer, and a resend racing the first (the unique uuid refuses the second insert) answers it too.
   */
  private async idempotent<T>(caller: Caller, body: OfflineWrite, write: (trx: Db, context: WriteContext) => Promise<T>): Promise<T> {
    const { user, ppi } = caller;
    const clientUuid = body.client_uuid;
    const recordedAt = body.recorded_at === undefined ? null : checkedRecordedAt(body.recorded_at);
    const { answer } = await idempotentWrite({
      db: this.db,
      clientUuid,
      earlier: async (db, uuid) => {
        const earlier = await repo.findWrite(db, user.clientId, uuid);
        return earlier ? (JSON.parse(earlier.answer) as T) : null;
      },
      lock: async (trx) => {
        await shareElementWrites(trx, ppi.plant_id);
        return repo.lockPpi(trx, ppi.id);
      },
      write: async (trx, locked) => {
        // The server's time once the plan is locked: writes of the plan are observed in the order they are applied.
        const now = nowIso();
        const observed = observedAt(recordedAt, now);
        refuse(closedRefusal(locked, recordedAt));
        const date = resultDateOf(body.result_date, observed, new Date(Date.now() + RECORDED_AT_MAX_SKEW_MS).toISOString());
        if ('status' in date) refuse(date);
        const resultDate = (date as { date: string }).date;
        const merge = (entries: WriteEntry[]) =>
          this.merge(trx, caller, entries, { observedAt: observed, recordedAt, now, clientUuid: clientUuid ?? null, resultDate, knownElementsVersion: body.known_elements_version });
        const answer = await write(trx, { resultDate, merge });
        if (clientUuid)
          await repo.insertWrite(trx, {
            client_id: user.clientId,
            client_uuid: clientUuid,
            ppi_id: ppi.id,
            answer: JSON.stringify(answer),
            created_at: now,
          });
        return answer;
      },
    });
    return answer;
  }

  /**
   * The merge of every entry's results (decided first, against the current results), then the
   * plant's next version, then the rows that carry it: the results the write becomes current for,
   * a history row per result, and the reviews of late and conflicting results.
   */
  private async merge(trx: Db, caller: Caller, entries: WriteEntry[], write: MergeStamp) {
    const incoming = { observedAt: write.observedAt, userId: caller.user.id, knownElementsVersion: write.knownElementsVersion };
    const decided = [];
    for (const entry of entries) {
      const currents = new Map((await repo.findCurrentResults(trx, caller.ppi.id, entry.activity.id, entry.elementIds)).map((r) => [r.element_id, r]));
      const decisions = mergeResults(
        entry.elementIds.map((elementId) => ({ activityId: entry.activity.id, elementId })),
        (t) => {
          const c = currents.get(t.elementId);
          return c ? { observedAt: c.observed_at, userId: c.user_id, version: c.row_version } : null;
        },
        incoming,
      );
      decided.push({ entry, currents, decisions });
    }
    const version = await takeElementsVersion(trx, caller.ppi.plant_id, { elementRows: false });
    const reviews: NewSyncReview[] = [];
    for (const { entry, currents, decisions } of decided) {
      const history = await repo.writeResults(
        trx,
        { clientId: caller.user.clientId, ppiId: caller.ppi.id, activityId: entry.activity.id },
        decisions.map((d) => ({ elementId: d.elementId, late: d.late, conflict: d.conflict })),
        this.values(caller, entry.values, write.resultDate),
        { observedAt: write.observedAt, recordedAt: write.recordedAt, now: write.now, version, clientUuid: write.clientUuid },
      );
      const groups = resultReviewGroups(decisions, (t) => {
        const c = currents.get(t.elementId);
        return c ? { userId: c.user_id, result: c.result, observedAt: c.observed_at, historyId: c.history_id } : null;
      });
      for (const g of groups) {
        reviews.push({
          client_id: caller.user.clientId,
          plant_id: caller.ppi.plant_id,
          kind: g.kind,
          subject: 'ppi_result',
          user_id: caller.user.id,
          element_type_id: caller.ppi.element_type_id,
          state_id: null,
          element_ids: JSON.stringify(g.elementIds),
          element_count: g.elementIds.length,
          observed_at: write.observedAt,
          received_at: write.now,
          state_change_id: null,
          met_state_change_id: null,
          ppi_id: caller.ppi.id,
          activity_id: g.activityId,
          result: entry.values.result,
          ppi_result_history_id: history.get(g.elementIds[0]) ?? null,
          met_ppi_result_history_id: g.met?.historyId ?? null,
          refused_uuid: null,
          reason_code: null,
          reason: null,
          created_at: write.now,
        });
      }
    }
    await insertReviews(trx, reviews);
    return { ...resultMergeCounts(decided.flatMap((d) => d.decisions)), elements_version: version };
  }

  /** Documents uploaded before the result, attached to it; all of them, or the write is refused. */
  private async attachDocuments(trx: Db, caller: Caller, activityId: number, elementId: number, documentIds: number[] | undefined) {
    const ids = [...new Set(documentIds ?? [])].sort((a, b) => a - b);
    if (!ids.length) return;
    const resultId = (await repo.findResultId(trx, caller.ppi.id, activityId, elementId))!;
    refuse(documentsUnavailableRefusal(ids, await repo.attachDocuments(trx, caller.ppi.plant_id, resultId, ids)));
  }

  private values(
    caller: Caller,
    body: { result: string; observations: string; equipment: number | null },
    resultDate: string,
  ): repo.ResultValues {
    return {
      result: body.result,
      observations: body.observations,
      equipment_id: body.equipment,
      result_date: resultDate,
      user_id: caller.user.id,
      role: caller.role ?? ADMIN_ROLE,
    };
  }

  /** An activity of the plan the caller holds a role for (every one for administrators). */
  private recordableActivity(caller: Caller, activityId: number, field: string) {
    const activity = caller.activities.find((a) => a.id === activityId);
    refuse(
      activityRefusal(activity && { name: activity.name, roles: parseRoles(activity.roles) }, {
        activityId,
        field,
        isAdmin: caller.user.isAdmin,
        role: caller.role,
      }),
    );
    return activity!;
  }

  /** The ids, each once; every one must be linked to the plan, or nothing is written. */
  private async linkedElements(db: Db, ppiId: number, elementIds: number[]) {
    const ids = [...new Set(elementIds)];
    refuse(unlinkedRefusal(ids, await repo.findLinkedIds(db, ppiId, ids)));
    return ids;
  }

  /** Calibration gating: equipment of the organisation, whose calibration is valid on the result's date. */
  private async checkEquipment(
    db: Db,
    user: CurrentUser,
    equipmentId: number | null,
    resultDate: string,
    field: string,
  ) {
    if (equipmentId === null) return;
    const equipment = await findEquipment(db, user.clientId, equipmentId);
    refuse(equipmentRefusal(equipment, { id: equipmentId, field, resultDate }));
  }

  // -------------------------------------------------------------------------------------------
  // Reads
  // -------------------------------------------------------------------------------------------

  /** `GET ppis/{id}/ppi-results` (paged, newest first). */
  async list(user: CurrentUser, ppiId: number, query: PpiResultsQuery, url: string) {
    const caller = await this.caller(user, ppiId);
    const { page, page_size, ...filters } = query;
    const [count, rows] = await Promise.all([
      repo.countResults(this.db, caller.ppi.id, filters),
      repo.listResults(this.db, caller.ppi.id, filters, {
        limit: page_size,
        offset: offsetOf({ page, page_size }),
      }),
    ]);
    return pageOf(await this.toDtos(caller, rows), count, { page, page_size }, url);
  }

  /** `GET ppis/{id}/ppi-results/{rid}/` */
  async get(user: CurrentUser, ppiId: number, resultId: number) {
    const caller = await this.caller(user, ppiId);
    const row = await repo.findResult(this.db, caller.ppi.id, resultId);
    if (!row) throw notFound();
    return this.toDto(caller, row, this.db);
  }

  /** `GET ppis/{id}/ppi-results/{rid}/other-roles-result`: any result, read-only (never editable). */
  async otherRolesResult(user: CurrentUser, ppiId: number, resultId: number) {
    const result = await this.get(user, ppiId, resultId);
    return { ...result, editable: false };
  }

  /** `GET ppis/{id}/other-roles-activity-detail?activity=ID`: the results of an activity, read-only. */
  async otherRolesDetail(user: CurrentUser, ppiId: number, query: OtherRolesDetailQuery, url: string) {
    const caller = await this.caller(user, ppiId);
    if (!caller.activities.some((a) => a.id === query.activity))
      throw fieldError('activity', 'ppis.unknownActivity', { id: query.activity });
    const page = await this.list(
      user,
      ppiId,
      { page: query.page, page_size: query.page_size, activity: query.activity },
      url,
    );
    return { ...page, results: page.results.map((r) => ({ ...r, editable: false })) };
  }

  /** `GET ppis/{id}/list-elements` (paged): the linked elements with the list's filters, each with its results. */
  async listElements(user: CurrentUser, ppiId: number, query: ListElementsQuery, url: string) {
    const caller = await this.caller(user, ppiId);
    const { page, page_size, ordering, ...filters } = query;
    const scope = { ppiId: caller.ppi.id, plantId: caller.ppi.plant_id, typeId: caller.ppi.element_type_id };
    const linkedFilters = { ...filters, linked: true };
    const [count, rows] = await Promise.all([
      ppiRepo.countPpiElements(this.db, scope, linkedFilters),
      ppiRepo.listPpiElements(
        this.db,
        scope,
        { ...linkedFilters, ordering },
        { limit: page_size, offset: offsetOf({ page, page_size }) },
      ),
    ]);
    const results = await repo.listResultsOfElements(
      this.db,
      caller.ppi.id,
      rows.map((r) => r.id),
    );
    const items: ElementResults[] = rows.map((row) => ({
      ...toElementDto(row),
      results: Object.fromEntries(
        results
          .filter((r) => r.element_id === row.id)
          .map((r) => [String(r.activity_id), { id: r.id, result: r.result as PpiResultValue }]),
      ),
    }));
    return pageOf(items, count, { page, page_size }, url);
  }

  /** `GET ppis/{id}/activity-summary`: counts of every activity. */
  async activitySummary(user: CurrentUser, ppiId: number) {
    const caller = await this.caller(user, ppiId);
    return this.countsByActivity(caller);
  }

  /** `GET ppis/{id}/user-activities-summary`: counts of the activities the caller records. */
  async userActivitiesSummary(user: CurrentUser, ppiId: number) {
    const caller = await this.caller(user, ppiId);
    return (await this.countsByActivity(caller)).filter((c) =>
      caller.canRecord(caller.activities.find((a) => a.id === c.activity.id)!),
    );
  }

  /** `GET ppis/{id}/other-roles-activity-summary`: counts of the activities other roles check (read-only for the caller). */
  async otherRolesSummary(user: CurrentUser, ppiId: number) {
    const caller = await this.caller(user, ppiId);
    return (await this.countsByActivity(caller)).filter(
      (c) => !caller.canRecord(caller.activities.find((a) => a.id === c.activity.id)!),
    );
  }

  /** `GET ppis/{id}/role-summary` */
  async roleSummary(user: CurrentUser, ppiId: number) {
    const caller = await this.caller(user, ppiId);
    return this.countsByRole(await this.countsByActivity(caller));
  }

  /** `GET ppis/{id}/results-summary` */
  async resultsSummary(user: CurrentUser, ppiId: number): Promise<ResultsSummary> {
    const caller = await this.caller(user, ppiId);
    return this.summary(caller, await this.countsByActivity(caller));
  }

  /** `GET ppis/{id}/detailed-results` */
  async detailedResults(user: CurrentUser, ppiId: number): Promise<DetailedResults> {
    const caller = await this.caller(user, ppiId);
    const byActivity = await this.countsByActivity(caller);
    const [summary, days, authors] = await Promise.all([
      this.summary(caller, byActivity),
      repo.countByDay(this.db, caller.ppi.id),
      repo.countByAuthor(this.db, caller.ppi.id),
    ]);
    const byDay = new Map<string, ReturnType<typeof emptyCounts>>();
    for (const row of days) {
      const counts = byDay.get(row.date) ?? emptyCounts();
      counts[row.result as PpiResultValue] += row.n;
      byDay.set(row.date, counts);
    }
    const byAuthor = new Map<
      string,
      { author: { id: number; name: string } | null } & ReturnType<typeof emptyCounts>
    >();
    for (const row of authors) {
      const key = String(row.user_id);
      const entry = byAuthor.get(key) ?? {
        author: row.user_id === null ? null : { id: row.user_id, name: row.name ?? '' },
        ...emptyCounts(),
      };
      entry[row.result as PpiResultValue] += row.n;
      byAuthor.set(key, entry);
    }
    return {
      summary,
      by_activity: byActivity,
      by_role: this.countsByRole(byActivity),
      by_day: [...byDay.entries()].map(([date, counts]) => ({ date, ...counts })),
      by_author: [...byAuthor.values()],
    };
  }

  async countsByActivity(caller: Caller): Promise<ActivityCounts[]> {
    const [linked, rows] = await Promise.all([
      ppiRepo.countLinked(this.db, caller.ppi.id),
      repo.countByActivity(this.db, caller.ppi.id),
    ]);
    return activityCounts(caller.activities, rows, linked);
  }

  private countsByRole(byActivity: ActivityCounts[]): RoleCounts[] {
    return ROLE_CODES.flatMap((role) => {
      const mine = byActivity.filter((c) => c.activity.roles.includes(role));
      if (mine.length === 0) return [];
      const sum = (key: 'ok' | 'not_ok' | 'na' | 'pending' | 'expected') =>
        mine.reduce((total, c) => total + c[key], 0);
      return [
        {
          role,
          activity_count: mine.length,
          ok: sum('ok'),
          not_ok: sum('not_ok'),
          na: sum('na'),
          pending: sum('pending'),
          expected: sum('expected'),
        },
      ];
    });
  }

  private async summary(caller: Caller, byActivity: ActivityCounts[]): Promise<ResultsSummary> {
    const linked = await ppiRepo.countLinked(this.db, caller.ppi.id);
    const required = caller.activities.filter((a) => a.is_required === 1).length;
    const [complete, withNotOk] = await Promise.all([
      required === 0 ? Promise.resolve(linked) : repo.countElementsComplete(this.db, caller.ppi.id, required),
      repo.countElementsWithNotOk(this.db, caller.ppi.id),
    ]);
    const sum = (key: 'ok' | 'not_ok' | 'na' | 'pending') =>
      byActivity.reduce((total, c) => total + c[key], 0);
    const expected = linked * caller.activities.length;
    const recorded = sum('ok') + sum('not_ok') + sum('na');
    return {
      element_count: linked,
      activity_count: caller.activities.length,
      expected,
      ok: sum('ok'),
      not_ok: sum('not_ok'),
      na: sum('na'),
      pending: sum('pending'),
      elements_complete: complete,
      elements_with_not_ok: withNotOk,
      progress: expected === 0 ? 0 : Math.round((recorded / expected) * 1000) / 10,
      status: caller.ppi.status === 'closed' ? 'closed' : 'open',
    };
  }

  // -------------------------------------------------------------------------------------------
  // Shapes and access
  // -------------------------------------------------------------------------------------------

  private async toDtos(caller: Caller, rows: repo.ResultRow[], db: Db = this.db): Promise<PpiResult[]> {
    const documents = await repo.listResultDocuments(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const activity = caller.activities.find((a) => a.id === row.activity_id);
      return ppiResultOf(
        row,
        { position: row.activity_position, name: row.activity_name, roles: parseRoles(row.activity_roles) },
        documents.filter((d) => d.ppi_result_id === row.id).map((d) => ({ ...toDocumentDto(d), is_photo: d.is_photo === 1 })),
        caller.ppi.status === 'open' && activity !== undefined && caller.canRecord(activity),
      );
    });
  }

  private async toDto(caller: Caller, row: repo.ResultRow, db: Db) {
    return (await this.toDtos(caller, [row], db))[0];
  }

  /** The plan (404 when the caller does not see it), the caller's role in it and what they may record. */
  async caller(user: CurrentUser, ppiId: number): Promise<Caller> {
    const ppi = await this.requirePpi(user, ppiId);
    const [role, activities] = await Promise.all([
      ppiRepo.findRoleInPpi(this.db, ppi.id, user.id),
      ppiRepo.listPpiActivities(this.db, ppi.id),
    ]);
    const canRecord = (activity: ActivityRow) =>
      user.isAdmin || (role !== undefined && parseRoles(activity.roles).includes(role));
    return { user, ppi, role: role ?? null, activities, canRecord };
  }

  private async requirePpi(user: CurrentUser, ppiId: number) {
    const ppi = await ppiRepo.findVisiblePpi(this.db, user, ppiId);
    if (!ppi) throw notFound();
    return ppi;
  }
}
