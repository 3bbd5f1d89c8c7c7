import { queryKeys } from '../../../api/query-keys';

export interface ElementsByStateParams {
  plant: number;
  elementType: number;
  /** Id of a CTR element of the plant. */
  ctr: number | null;
  /** 'YYYY-MM-DD'; null for the current state. */
  targetDate: string | null;
}

const all = queryKeys.dashboard.all;

/**
 * Query keys of the dashboard: every figure lives under the shared `queryKeys.dashboard.all`, so
 * what changes elements (a state change, a resolved review) refreshes the whole dashboard at once.
 */
export const dashboardKeys = {
  all,
  ctrs: (plantId: number) => [...all, 'ctrs', plantId] as const,
  elementsOk: (plantId: number) => [...all, 'elements-ok', plantId] as const,
  elementsByState: ({ plant, elementType, ctr, targetDate }: ElementsByStateParams) =>
    [...all, 'elements-by-state', plant, elementType, ctr, targetDate] as const,
  milestones: (plantId: number) => [...all, 'milestones', plantId] as const,
  /** Every milestone follow-up of a plant (the S-curve and the planning chart). */
  milestoneFollowups: (plantId: number) => [...all, 'milestone-followup', plantId] as const,
  milestoneFollowup: (plantId: number, milestoneId: number) =>
    [...all, 'milestone-followup', plantId, milestoneId] as const,
  /** Per user, so that one user's charts are never shown to the next on the same browser. */
  charts: (userId: number | null) => [...all, 'charts', userId ?? 'anonymous'] as const,
};
