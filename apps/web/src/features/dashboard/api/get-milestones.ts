import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Milestone } from '@heliotrack/domain/milestones';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

/** The plant's planning milestones (a plain array). */
export function getMilestones(plantId: number): Promise<Milestone[]> {
  return http.get<Milestone[]>(`plants/${plantId}/milestones/`);
}

export function milestonesQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: dashboardKeys.milestones(plantId),
    queryFn: () => getMilestones(plantId),
  });
}

export function useMilestones(plantId: number | null) {
  return useQuery({ ...milestonesQueryOptions(plantId ?? 0), enabled: plantId !== null });
}
