import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@heliotrack/domain/auth';
import { http } from '../lib/http-client';
import { getStoredUser, setStoredUser } from '../lib/session';
import { queryKeys } from './query-keys';

export function getProfile(): Promise<UserProfile> {
  return http.get<UserProfile>('user/profile/');
}

/** Starts from the stored profile (instant menu and guards) and refreshes it once per session view. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.auth.profile,
    queryFn: async () => {
      const profile = await getProfile();
      setStoredUser(profile);
      return profile;
    },
    initialData: () => getStoredUser() ?? undefined,
    // The stored copy may be old (roles change): treat it as stale so it is refetched on mount.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
