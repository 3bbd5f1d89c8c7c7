import { normaliseColor } from '@heliotrack/domain/catalogues';
import type { PpiResultValue } from '@heliotrack/domain/ppi-results';
import { type SyncReview, type SyncReviewQuery, SYNC_REVIEW_NAMED_ELEMENTS } from '@heliotrack/domain/sync-reviews';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { offsetOf, pageOf } from '../../lib/pagination';
import { nowIso } from '../../lib/time';
import type { CurrentUser } from '../../lib/current-user';
import { requirePlant } from '../access/access.service';
import * as repo from './sync-reviews.repository';

const DAY_MS = 86_400_000;

/** The office's review of conflicts, late arrivals and refused offline changes (DESIGN section 6). */
export class SyncReviewsService {
  constructor(
    private readonly db: Db,
    /** SYNC_REVIEW_RETENTION_DAYS: resolved reviews older than this age out. */
    private readonly retentionDays = 90,
  ) {}

  /** `GET plants/{id}/sync-reviews/`: newest first, paged; the plant's users and administrators. */
  async list(user: CurrentUser, plantId: number, query: SyncReviewQuery, url: string) {
    const plant = await requirePlant(this.db, user, plantId);
    await repo.deleteResolvedBefore(this.db, plant.id, new Date(Date.now() - this.retentionDays * DAY_MS).toISOString());
    const filters: repo.ReviewFilters = {
      kind: query.kind,
      resolved: query.resolved,
      user: query.user,
      elementType: query.element_type,
      subject: query.subject,
      ppi: query.ppi,
      from: query.from,
      to: query.to,
    };
    const [count, rows] = await Promise.all([
      repo.countReviews(this.db, plant.id, filters),
      repo.listReviews(this.db, plant.id, filters, query.page_size, offsetOf(query)),
    ]);
    return pageOf(await this.toDtos(rows), count, query, url);
  }

  /** `POST plants/{id}/sync-reviews/{reviewId}/resolve/`: idempotent; answers the review. */
  async resolve(user: CurrentUser, plantId: number, reviewId: number): Promise<SyncReview> {
    const plant = await requirePlant(this.db, user, plantId);
    const review = await repo.findReview(this.db, plant.id, reviewId);
    if (!review) throw notFound();
    await repo.resolveReview(this.db, review.id, user.id, nowIso());
    const [dto] = await this.toDtos([(await repo.findReview(this.db, plant.id, reviewId))!]);
    return dto;
  }

  private async toDtos(rows: Awaited<ReturnType<typeof repo.listReviews>>): Promise<SyncReview[]> {
    const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
    const [changes, writes, ppis, activities] = await Promise.all([
      repo.findChanges(this.db, ids(rows.map((r) => r.met_state_change_id))),
      repo.findResultWrites(this.db, ids(rows.map((r) => r.met_ppi_result_history_id))),
      repo.findPpis(this.db, ids(rows.map((r) => r.ppi_id))),
      repo.findPpiActivities(this.db, ids(rows.map((r) => r.activity_id))),
    ]);
    const named = rows.map((r) => (JSON.parse(r.element_ids) as number[]).slice(0, SYNC_REVIEW_NAMED_ELEMENTS));
    const [users, states, types, elements] = await Promise.all([
      repo.findUsers(this.db, ids([...rows.flatMap((r) => [r.user_id, r.resolved_by]), ...changes.map((c) => c.user_id), ...writes.map((w) => w.user_id)])),
      repo.findStates(this.db, ids([...rows.map((r) => r.state_id), ...changes.map((c) => c.state_id)])),
      repo.findElementTypes(this.db, ids(rows.map((r) => r.element_type_id))),
      repo.findElementCodes(this.db, ids(named.flat())),
    ]);
    const codeOf = new Map(elements.map((e) => [e.id, e.code]));
    const userRef = (id: number | null) => users.find((u) => u.id === id) ?? null;
    const stateRef = (id: number | null) => {
      const s = states.find((x) => x.id === id);
      return s ? { id: s.id, code: s.code, name: s.name, color: normaliseColor(s.color) } : null;
    };
    const resultOf = (value: string | null) => (value === null ? null : (value as PpiResultValue));
    return rows.map((r, index) => {
      const type = types.find((t) => t.id === r.element_type_id);
      const isResult = r.subject === 'ppi_result';
      let met: SyncReview['met'] = null;
      if (isResult) {
        const write = writes.find((w) => w.id === r.met_ppi_result_history_id);
        if (write) met = { id: write.id, user: userRef(write.user_id), state: null, result: resultOf(write.result), observed_at: write.observed_at, received_at: write.received_at };
      } else {
        const change = changes.find((c) => c.id === r.met_state_change_id);
        if (change) met = { id: change.id, user: userRef(change.user_id), state: stateRef(change.state_id), result: null, observed_at: change.observed_at, received_at: change.created_at };
      }
      const ppi = isResult ? ppis.find((p) => p.id === r.ppi_id) : undefined;
      const activity = activities.find((a) => a.id === r.activity_id);
      return {
        id: r.id,
        kind: r.kind,
        element_type: type ?? { id: r.element_type_id, code: '', name: '' },
        element_ids: named[index],
        elements: named[index].map((id) => ({ id, code: codeOf.get(id) ?? null })),
        element_count: r.element_count,
        incoming: {
          id: isResult ? r.ppi_result_history_id : r.state_change_id,
          user: userRef(r.user_id),
          state: stateRef(r.state_id),
          result: resultOf(r.result),
          observed_at: r.observed_at,
          received_at: r.received_at,
        },
        met,
        subject: r.subject,
        ppi: ppi ? { id: ppi.id, code: ppi.code, name: ppi.name, activity: activity ? { id: activity.id, position: activity.position, name: activity.name } : null } : null,
        reason_code: r.reason_code,
        reason: r.reason,
        resolved_at: r.resolved_at,
        resolved_by: userRef(r.resolved_by),
        created_at: r.created_at,
      };
    });
  }
}
