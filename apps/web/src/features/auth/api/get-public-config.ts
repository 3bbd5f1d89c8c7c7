import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@heliotrack/domain/auth';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

/** What the login page shows before anyone signs in: the demo warning, whether recovery works. */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.auth.publicConfig,
    queryFn: () => http.get<PublicConfig>('public-config/'),
    staleTime: Infinity,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
