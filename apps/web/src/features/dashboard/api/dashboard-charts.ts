import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardChart } from '@heliotrack/domain/dashboard';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

/** `GET user/dashboard-charts/`: the signed-in user's added charts, in their order. */
export function getDashboardCharts(): Promise<DashboardChart[]> {
  return http.get<DashboardChart[]>('user/dashboard-charts/');
}

/**
 * `PUT user/dashboard-charts/`: replaces the user's charts with the list; answers the saved list.
 * A 400 is left to the caller (it rolls back and tells the user), not to the global dialog.
 */
export function saveDashboardCharts(charts: DashboardChart[]): Promise<DashboardChart[]> {
  return http.put<DashboardChart[]>('user/dashboard-charts/', { charts }, { handle400: false });
}

export function dashboardChartsQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: dashboardKeys.charts(userId),
    queryFn: getDashboardCharts,
  });
}

export function useDashboardCharts(userId: number | null) {
  return useQuery(dashboardChartsQueryOptions(userId));
}
