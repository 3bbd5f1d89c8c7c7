import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailableVersion, AvailableVersionRequest } from '@heliotrack/domain/app-version';
import { appVersionQueryOptions } from '../../../api/get-app-version';
import { http } from '../../../lib/http-client';

/** `PUT app-version/` (administrators): the version, release date and store links the apps check. */
export function publishAppVersion(body: AvailableVersionRequest): Promise<AvailableVersion> {
  return http.put<AvailableVersion>('app-version/', body, { handle400: false });
}

export function usePublishAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAppVersion,
    onSuccess: (saved) => queryClient.setQueryData(appVersionQueryOptions().queryKey, saved),
  });
}
