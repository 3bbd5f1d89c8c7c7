import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MilestoneFollowup } from '@heliotrack/domain/milestones';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

/** Planned against actual, day by day, of one milestone (the S-curve). */
export function getMilestoneFollowup(plantId: number, milestoneId: number): Promise<MilestoneFollowup> {
  return http.get<MilestoneFollowup>(`plants/${plantId}/milestones/${milestoneId}/followup/`);
}

export function milestoneFollowupQueryOptions(plantId: number, milestoneId: number) {
  return queryOptions({
    queryKey: dashboardKeys.milestoneFollowup(plantId, milestoneId),
    queryFn: () => getMilestoneFollowup(plantId, milestoneId),
  });
}

export function useMilestoneFollowup(plantId: number | null, milestoneId: number | null) {
  return useQuery({
    ...milestoneFollowupQueryOptions(plantId ?? 0, milestoneId ?? 0),
    enabled: plantId !== null && milestoneId !== null,
  });
}
