import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@heliotrack/domain/reports';
import { apiUrl, downloadFile } from '../../../lib/download-file';

export interface ExportElementsParams {
  plantId: number;
  plantCode: string;
  /** Element type code (MOD, HIN…). */
  typeCode: string;
  /** Id of a CTR element: only the elements under it. */
  ctr: number | null;
  format: ExportFormat;
}

/** "Elements to download": `GET plants/{id}/elements/export/?format&type[&ct]` saved as a file. */
export function exportElements({ plantId, plantCode, typeCode, ctr, format }: ExportElementsParams) {
  const url = apiUrl(`plants/${plantId}/elements/export/`, { format, type: typeCode, ct: ctr });
  return downloadFile(url, `${plantCode}-${typeCode}.${format}`);
}

export function useExportElements() {
  return useMutation({ mutationFn: exportElements });
}
