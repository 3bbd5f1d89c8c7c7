import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StateGroup } from '@heliotrack/domain/state-management';
import { http } from '../../../lib/http-client';
import { stateManagementKeys } from './query-keys';

export function getStateGroups(): Promise<StateGroup[]> {
  return http.get<StateGroup[]>('client-state-groups/');
}

export function stateGroupsQueryOptions() {
  return queryOptions({ queryKey: stateManagementKeys.groups.list, queryFn: getStateGroups });
}

export function useStateGroups() {
  return useQuery(stateGroupsQueryOptions());
}
