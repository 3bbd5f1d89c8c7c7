import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveredSerialsImportResult } from '@heliotrack/domain/serials';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';
import { http } from '../../../lib/http-client';
import { plantKeys } from './query-keys';

export interface DeliveredSerialsImportRequest {
  plantId: number;
  file: File;
  /** true: answer what would be added and the errors by row, add nothing. */
  dryRun: boolean;
}

/** `POST plants/{id}/delivered-serials/import/[?dry_run=true]` (multipart `file`, administrators). */
export function importDeliveredSerials({
  plantId,
  file,
  dryRun,
}: DeliveredSerialsImportRequest): Promise<DeliveredSerialsImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.post<DeliveredSerialsImportResult>(`plants/${plantId}/delivered-serials/import/`, body, {
    query: dryRun ? { dry_run: 'true' } : {},
    handle400: false,
  });
}

/** An import changes the list and the elements' unregistered flags: both are read again. */
export function useImportDeliveredSerials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDeliveredSerials,
    onSuccess: async (result, { plantId }) => {
      if (result.dry_run || result.added === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: plantKeys.deliveredSerials(plantId) }),
        invalidatePlantElements(queryClient, plantId),
      ]);
    },
  });
}
