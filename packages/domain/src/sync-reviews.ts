import { z } from 'zod';
import { PageQuery } from './pagination';
import { PPI_RESULTS } from './ppi-results';

/*
 * The office's review of what offline sync did (issue 38, DESIGN section 6): conflicts (a device had
 * not seen another user's change of the element), late arrivals (kept in history, not current) and
 * refused offline changes. `GET plants/{id}/sync-reviews/`, `POST …/{reviewId}/resolve/`.
 */

export const SYNC_REVIEW_KINDS = ['conflict', 'late', 'refused'] as const;
export type SyncReviewKind = (typeof SYNC_REVIEW_KINDS)[number];

/**
 * What a review is about (issue 36): a state change of elements, or a PPI result (an inspection
 * recorded offline). The kinds are the same for both; a PPI result review names its PPI and
 * activity (`ppi`) and the results of both sides (`incoming.result`, `met.result`).
 */
export const SYNC_REVIEW_SUBJECTS = ['state_change', 'ppi_result'] as const;
export type SyncReviewSubject = (typeof SYNC_REVIEW_SUBJECTS)[number];

export const SyncReviewQuery = PageQuery.extend({
  kind: z.enum(SYNC_REVIEW_KINDS).optional(),
  /** false (default: what still needs a look), true, or leave out with `all` for both. */
  resolved: z.enum(['true', 'false', 'all']).default('false'),
  /** The user who made the incoming change. */
  user: z.coerce.number().int().positive().optional(),
  element_type: z.coerce.number().int().positive().optional(),
  /** State changes or PPI results only (both when left out). */
  subject: z.enum(SYNC_REVIEW_SUBJECTS).optional(),
  /** The reviews of one PPI's results. */
  ppi: z.coerce.number().int().positive().optional(),
  /** Arrival on or after / before (ISO 8601 date or date-time). */
  from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
});
export type SyncReviewQuery = z.infer<typeof SyncReviewQuery>;

const Ref = z.object({ id: z.number().int(), name: z.string() });
const StateRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), color: z.string() });

/** One side of a review: who, which state, when observed and when it reached the server. */
export const SyncReviewChange = z.object({
  /** The history record (null for a refused change, which made none); for a PPI result, its history row. */
  id: z.number().int().nullable(),
  user: Ref.nullable(),
  /** The state (null for a PPI result). */
  state: StateRef.nullable(),
  /** For a PPI result: ok, not_ok or na (always sent; null for a state change). */
  result: z.enum(PPI_RESULTS).nullable().optional(),
  observed_at: z.string(),
  received_at: z.string(),
});
export type SyncReviewChange = z.infer<typeof SyncReviewChange>;

export const SyncReview = z.object({
  id: z.number().int(),
  kind: z.enum(SYNC_REVIEW_KINDS),
  element_type: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** The elements the review is about (the first 100), and how many there are. */
  element_ids: z.array(z.number().int()),
  /** The same elements with their codes (null for an element deleted since). */
  elements: z.array(z.object({ id: z.number().int(), code: z.string().nullable() })),
  element_count: z.number().int(),
  /** The change that came from the device. */
  incoming: SyncReviewChange,
  /** For conflicts and late arrivals: the change it met (the element's current one then). */
  met: SyncReviewChange.nullable(),
  /** What the review is about (always sent; `state_change` for every review before issue 36). */
  subject: z.enum(SYNC_REVIEW_SUBJECTS).optional(),
  /**
   * For a PPI result: the PPI and the activity (null when a refused write named several activities
   * or one that is not the PPI's). Always sent; null for a state change.
   */
  ppi: z
    .object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      activity: z.object({ id: z.number().int(), position: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable()
    .optional(),
  /** For refused changes: the refusal's code and message (in the sender's language). */
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: Ref.nullable(),
  created_at: z.string(),
});
export type SyncReview = z.infer<typeof SyncReview>;

/** Elements named per review in the list; the count says how many there are. */
export const SYNC_REVIEW_NAMED_ELEMENTS = 100;
