import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@heliotrack/domain/auth';
import { http } from '../../../lib/http-client';
import { userKeys } from './query-keys';

export function getUserRoles(): Promise<Role[]> {
  return http.get<Role[]>('user-roles');
}

export function userRolesQueryOptions() {
  return queryOptions({ queryKey: userKeys.roles, queryFn: getUserRoles, staleTime: 10 * 60_000 });
}

export function useUserRoles() {
  return useQuery(userRolesQueryOptions());
}
