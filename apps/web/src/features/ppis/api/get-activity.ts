import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityDetail } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** `GET ppis/{id}/activities/{aid}`: an activity with its plan. */
export function getActivity(ppiId: number, activityId: number): Promise<ActivityDetail> {
  return http.get<ActivityDetail>(`ppis/${ppiId}/activities/${activityId}`);
}

export function activityQueryOptions(ppiId: number, activityId: number) {
  return queryOptions({ queryKey: ppiKeys.activity(ppiId, activityId), queryFn: () => getActivity(ppiId, activityId) });
}

export function useActivity(ppiId: number, activityId: number) {
  return useQuery(activityQueryOptions(ppiId, activityId));
}
