import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@heliotrack/domain/dashboard';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

export function getDashboard(): Promise<Dashboard> {
  return http.get<Dashboard>('dashboard/');
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: getDashboard });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
