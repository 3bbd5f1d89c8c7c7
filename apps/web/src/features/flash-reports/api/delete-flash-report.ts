import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';
import { flashReportKeys } from './query-keys';

/** `DELETE flash-reports/{id}/` by REPORT id (204); a 400 is shown by the screen's own dialog. */
export function deleteFlashReport(flashReportId: number): Promise<void> {
  return http.delete(`flash-reports/${flashReportId}/`, { handle400: false });
}

export function useDeleteFlashReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlashReport,
    onSuccess: (_result, flashReportId) => {
      const detailKey = flashReportKeys.detail(flashReportId);
      queryClient.removeQueries({ queryKey: detailKey, exact: true });
      return Promise.all([
        // Not the deleted report's own page, which is being left: it would only answer 404.
        queryClient.invalidateQueries({
          queryKey: flashReportKeys.all,
          predicate: (query) => query.queryKey.join('|') !== detailKey.join('|'),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.itemInventory.lists }),
      ]);
    },
  });
}
