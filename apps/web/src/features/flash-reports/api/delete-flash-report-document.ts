import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { flashReportKeys } from './query-keys';
import { queryKeys } from '../../../api/query-keys';

/** `DELETE documents/{id}/` (204): a photo or document of a flash report, by its uploader or an administrator. */
export function deleteFlashReportDocument(documentId: number): Promise<void> {
  return http.delete(`documents/${documentId}/`);
}

export function useDeleteFlashReportDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlashReportDocument,
    onSuccess: (_result, documentId) => {
      queryClient.removeQueries({ queryKey: queryKeys.documentBlob(documentId) });
      return queryClient.invalidateQueries({ queryKey: flashReportKeys.all });
    },
  });
}
