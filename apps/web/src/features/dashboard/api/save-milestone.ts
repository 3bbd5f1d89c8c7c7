import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Milestone, MilestoneRequest } from '@heliotrack/domain/milestones';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

export interface SaveMilestoneRequest {
  plantId: number;
  /** Absent: a new milestone. */
  milestoneId?: number;
  body: MilestoneRequest;
}

/** `POST` or `PUT plants/{id}/milestones/…` (administrators); its 400s go under the form's fields. */
export function saveMilestone({ plantId, milestoneId, body }: SaveMilestoneRequest): Promise<Milestone> {
  return milestoneId === undefined
    ? http.post<Milestone>(`plants/${plantId}/milestones/`, body, { handle400: false })
    : http.put<Milestone>(`plants/${plantId}/milestones/${milestoneId}/`, body, { handle400: false });
}

/** `DELETE plants/{id}/milestones/{milestoneId}/` (administrators). */
export function deleteMilestone({
  plantId,
  milestoneId,
}: {
  plantId: number;
  milestoneId: number;
}): Promise<void> {
  return http.delete(`plants/${plantId}/milestones/${milestoneId}/`);
}

/** The milestone picker, the S-curve and the planning chart of the plant read these again. */
function invalidateMilestones(queryClient: QueryClient, plantId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: dashboardKeys.milestones(plantId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.milestoneFollowups(plantId) }),
  ]);
}

export function useSaveMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMilestone,
    onSuccess: (_saved, { plantId }) => invalidateMilestones(queryClient, plantId),
  });
}

export function useDeleteMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMilestone,
    onSuccess: (_void, { plantId, milestoneId }) => {
      queryClient.removeQueries({
        queryKey: dashboardKeys.milestoneFollowup(plantId, milestoneId),
      });
      return invalidateMilestones(queryClient, plantId);
    },
  });
}
