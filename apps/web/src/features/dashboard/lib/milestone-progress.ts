import type { MilestoneFollowup } from '@heliotrack/domain/milestones';

export interface MilestoneProgress {
  /** Elements in the target state (or a later one) at the end of the day: the last point at or before it. */
  actual: number;
  target: number;
  /** What the plan expected by that day (0 before the curve starts). */
  planned: number;
  /** actual / target, between 0 and 1; a target of 0 is met from the start. */
  ratio: number;
  /** 'done' once the target is reached, 'behind' when the actual count is under the plan, else 'onTrack'. */
  status: 'done' | 'onTrack' | 'behind';
}

/**
 * How far a milestone is on `today` (YYYY-MM-DD), from its S-curve: the last point at or before today
 * (the target date's point once it has passed); none yet (a curve starting later) means nothing done.
 */
export function milestoneProgress(followup: MilestoneFollowup, today: string): MilestoneProgress {
  let point: MilestoneFollowup['points'][number] | undefined;
  for (const candidate of followup.points) {
    if (candidate.date > today) break;
    point = candidate;
  }
  const actual = point?.actual ?? 0;
  const planned = point?.planned ?? 0;
  const target = followup.target_count;
  const ratio = target > 0 ? Math.min(actual / target, 1) : 1;
  const status = actual >= target ? 'done' : actual < planned ? 'behind' : 'onTrack';
  return { actual, target, planned, ratio, status };
}
