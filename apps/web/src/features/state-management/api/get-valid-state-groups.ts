import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StateGroup } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { stateManagementKeys } from './query-keys';

/** The state groups holding every state the plant's elements are in: the ones it may switch to. */
export function getValidStateGroups(plantId: number): Promise<StateGroup[]> {
  return http.get<StateGroup[]>(`plants/${plantId}/valid-state-groups/`);
}

export function validStateGroupsQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: stateManagementKeys.groups.valid(plantId),
    queryFn: () => getValidStateGroups(plantId),
    staleTime: 0,
  });
}

export function useValidStateGroups(plantId: number | null) {
  return useQuery({ ...validStateGroupsQueryOptions(plantId ?? 0), enabled: plantId !== null });
}
