import { z } from 'zod';

const id = z.number().int().positive();
/** YYYY-MM-DD (a calendar date, read as a UTC day). */
const isoDate = z.iso.date();
/** An optional id in a query string. */
const queryId = z.coerce.number().int().positive();

/**
 * A planning milestone of a plant: `target_count` elements of `element_type` in `state` (or in a
 * state whose depends_on chain leads to it) by `target_date`.
 */
export const Milestone = z.object({
  id: z.number().int(),
  plant: z.number().int(),
  name: z.string(),
  element_type: z.number().int(),
  state: z.number().int(),
  target_count: z.number().int(),
  target_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Milestone = z.infer<typeof Milestone>;

/** Body of `POST plants/{id}/milestones/` and `PUT plants/{id}/milestones/{milestoneId}/` (administrators). */
export const MilestoneRequest = z.strictObject({
  name: z.string().trim().min(1).max(200),
  element_type: id,
  state: id,
  target_count: z.number().int().min(0).max(100_000_000),
  target_date: isoDate,
});
export type MilestoneRequest = z.infer<typeof MilestoneRequest>;

export const MilestoneListQuery = z.object({ element_type: queryId.optional() });
export type MilestoneListQuery = z.infer<typeof MilestoneListQuery>;

/** One day of a milestone's S-curve: planned is linear from 0 at the start to the target at the target date. */
export const FollowupPoint = z.object({
  date: z.string(),
  planned: z.number(),
  /** Elements that had reached the target state (or a later one) by the end of that day, cumulative. */
  actual: z.number().int(),
});

export const MilestoneFollowup = z.object({
  milestone: Milestone,
  /** The plant's start_date, else the day of its first state change, else the target date. */
  start_date: z.string(),
  target_date: z.string(),
  target_count: z.number().int(),
  /** State ids that count as having reached the target state. */
  reaching_states: z.array(z.number().int()),
  points: z.array(FollowupPoint),
});
export type MilestoneFollowup = z.infer<typeof MilestoneFollowup>;
