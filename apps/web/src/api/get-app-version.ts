import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableVersion } from '@heliotrack/domain/app-version';
import { http } from '../lib/http-client';

/** The app version the organisation makes available (null fields when it has published none). */
export function getAppVersion(): Promise<AvailableVersion> {
  return http.get<AvailableVersion>('app-version/');
}

export const appVersionQueryOptions = () => queryOptions({ queryKey: ['app-version'] as const, queryFn: getAppVersion });

export function useAppVersion() {
  return useQuery(appVersionQueryOptions());
}
