import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http-client';
import { queryKeys } from '../../../api/query-keys';

export interface DeleteEquipmentDocumentRequest {
  equipmentId: number;
  documentId: number;
}

/** `POST calibration-equipment/{id}/delete-document/{docId}/` (204): its uploader or an administrator. */
export function deleteEquipmentDocument({
  equipmentId,
  documentId,
}: DeleteEquipmentDocumentRequest): Promise<void> {
  return http.post(`calibration-equipment/${equipmentId}/delete-document/${documentId}/`);
}

export function useDeleteEquipmentDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEquipmentDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.calibrationEquipment }),
  });
}
