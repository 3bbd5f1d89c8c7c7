import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PpiDetail } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { useObjectUrl } from '../../../lib/use-object-url';
import { ppiKeys } from './ppi-keys';

/** `POST ppis/{id}/logo/` (multipart `logo`): a PNG or JPEG; its 400s are shown by the dialog. */
export function uploadPpiLogo({ ppiId, file }: { ppiId: number; file: File }): Promise<PpiDetail> {
  const body = new FormData();
  body.append('logo', file, file.name);
  return http.post<PpiDetail>(`ppis/${ppiId}/logo/`, body, { handle400: false });
}

/** `DELETE ppis/{id}/delete-logo/` */
export function deletePpiLogo(ppiId: number): Promise<void> {
  return http.delete(`ppis/${ppiId}/delete-logo/`);
}

export function useUploadPpiLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPpiLogo, onSuccess: () => queryClient.invalidateQueries({ queryKey: ppiKeys.all }) });
}

export function useDeletePpiLogo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePpiLogo, onSuccess: () => queryClient.invalidateQueries({ queryKey: ppiKeys.all }) });
}

/**
 * The logo as an object URL for an <img>: the API wants the bearer token, which an <img src> cannot
 * send. `version` (the plan's updated_at) makes a new logo a new fetch.
 */
export function usePpiLogoUrl(ppiId: number, logo: string | null, version: string) {
  const blob = useQuery({
    queryKey: ppiKeys.logo(ppiId, version),
    queryFn: async () => (await http.getFile(logo!)).blob,
    enabled: !!logo,
    staleTime: Infinity,
  });
  const objectUrl = useObjectUrl(blob.data);
  return logo ? objectUrl : null;
}
