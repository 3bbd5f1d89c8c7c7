import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FlashReportDetail,
  FlashReportInput,
  FlashReportUpdate,
} from '@heliotrack/domain/flash-reports';
import { http } from '../../../lib/http-client';
import { uploadDocument } from '../../../api/upload-document';
import { queryKeys } from '../../../api/query-keys';
import { flashReportKeys } from './query-keys';

/** `POST flash-reports/`; a 400 is shown by the screen's own dialog (specification section 8). */
export function createFlashReport(body: FlashReportInput): Promise<FlashReportDetail> {
  return http.post<FlashReportDetail>('flash-reports/', body, { handle400: false });
}

/** `PUT flash-reports/{id}/` by REPORT id: a full replacement, severity required. */
export function updateFlashReport(
  flashReportId: number,
  body: FlashReportUpdate,
): Promise<FlashReportDetail> {
  return http.put<FlashReportDetail>(`flash-reports/${flashReportId}/`, body, { handle400: false });
}

export interface SaveFlashReportRequest {
  /** Absent: a new report of `body.element`. */
  flashReportId?: number;
  body: FlashReportInput;
  photos: File[];
  documents: File[];
}

export interface SaveFlashReportResult {
  report: FlashReportDetail;
  /** Files the server refused after the report itself was saved (type, size). */
  failedUploads: { file: File; error: unknown }[];
}

/** Thrown when the report itself could not be saved; `action` names which dialog to show. */
export class FlashReportSaveError extends Error {
  constructor(
    readonly action: 'create' | 'edit',
    readonly cause: unknown,
  ) {
    super('flash report not saved');
  }
}

/**
 * Saves the report, then uploads its photos (`is_photo=true`) and documents with the elements'
 * document upload, each with `flash_report_id`. A refused file does not undo the saved report: it is
 * reported back so the form can say which one.
 */
export async function saveFlashReport({
  flashReportId,
  body,
  photos,
  documents,
}: SaveFlashReportRequest): Promise<SaveFlashReportResult> {
  let report: FlashReportDetail;
  try {
    if (flashReportId === undefined) report = await createFlashReport(body);
    else {
      const { element: _element, ...update } = body;
      report = await updateFlashReport(flashReportId, update);
    }
  } catch (error) {
    throw new FlashReportSaveError(flashReportId === undefined ? 'create' : 'edit', error);
  }
  const failedUploads: SaveFlashReportResult['failedUploads'] = [];
  const uploads: { file: File; isPhoto: boolean }[] = [
    ...photos.map((file) => ({ file, isPhoto: true })),
    ...documents.map((file) => ({ file, isPhoto: false })),
  ];
  for (const { file, isPhoto } of uploads) {
    try {
      await uploadDocument({ flashReportId: report.id, isPhoto, file });
    } catch (error) {
      failedUploads.push({ file, error });
    }
  }
  return { report, failedUploads };
}

export function useSaveFlashReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFlashReport,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flashReportKeys.all }),
        // The inventory counts the element's open flash reports.
        queryClient.invalidateQueries({ queryKey: queryKeys.itemInventory.lists }),
      ]),
  });
}
