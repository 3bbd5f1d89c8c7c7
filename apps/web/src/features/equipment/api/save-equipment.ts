import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Equipment, EquipmentInput } from '@heliotrack/domain/equipment';
import { http } from '../../../lib/http-client';
import { uploadDocument } from '../../../api/upload-document';
import { queryKeys } from '../../../api/query-keys';

export interface SaveEquipmentRequest {
  /** Absent: new equipment. */
  equipmentId?: number;
  body: EquipmentInput;
  certificates: File[];
}

export interface SaveEquipmentResult {
  equipment: Equipment;
  /** Certificates the server refused after the equipment itself was saved. */
  failedUploads: { file: File; error: unknown }[];
}

/**
 * `POST` or `PUT calibration-equipment/…` (its 400s go under the form's fields), then each new
 * certificate through the elements' document upload with `equipment_id`.
 */
export async function saveEquipment({
  equipmentId,
  body,
  certificates,
}: SaveEquipmentRequest): Promise<SaveEquipmentResult> {
  const equipment =
    equipmentId === undefined
      ? await http.post<Equipment>('calibration-equipment/', body, { handle400: false })
      : await http.put<Equipment>(`calibration-equipment/${equipmentId}/`, body, { handle400: false });
  const failedUploads: SaveEquipmentResult['failedUploads'] = [];
  for (const file of certificates) {
    try {
      await uploadDocument({ equipmentId: equipment.id, file });
    } catch (error) {
      failedUploads.push({ file, error });
    }
  }
  return { equipment, failedUploads };
}

export function useSaveEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEquipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calibrationEquipment }),
  });
}
