import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LayerChoice,
  LayoutFileFormat,
  LayoutFileImportResult,
  LayoutFileInspection,
} from '@heliotrack/domain/layout-import';
import { invalidatePlantElements } from '../../../api/invalidate-plant-elements';
import { http } from '../../../lib/http-client';

/** A layout file read for sending: the server takes it base64 encoded (one JSON shape for DXF, KML and KMZ). */
export interface LayoutFileContent {
  format: LayoutFileFormat;
  content: string;
}

export interface LayoutFileInspectRequest extends LayoutFileContent {
  plantId: number;
}

/** `POST plants/{id}/import-layout/file/inspect/`: the file's layers (DXF) or folders (KML) for the mapping step. */
export function inspectLayoutFile({
  plantId,
  ...body
}: LayoutFileInspectRequest): Promise<LayoutFileInspection> {
  return http.post<LayoutFileInspection>(`plants/${plantId}/import-layout/file/inspect/`, body, {
    handle400: false,
  });
}

export function useInspectLayoutFile() {
  return useMutation({ mutationFn: inspectLayoutFile });
}

export interface LayoutFileImportRequest extends LayoutFileContent {
  plantId: number;
  epsg: number | null;
  layers: Record<string, LayerChoice>;
  /** true: nothing is written; the answer previews counts, errors and the features. */
  dryRun: boolean;
}

/** `POST plants/{id}/import-layout/file/[?dry_run=true]` (administrators): all or nothing. */
export function importLayoutFile({
  plantId,
  format,
  content,
  epsg,
  layers,
  dryRun,
}: LayoutFileImportRequest): Promise<LayoutFileImportResult> {
  return http.post<LayoutFileImportResult>(
    `plants/${plantId}/import-layout/file/`,
    { format, content, layers, ...(epsg === null ? {} : { epsg }) },
    { query: dryRun ? { dry_run: 'true' } : {}, handle400: false },
  );
}

export function useImportLayoutFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLayoutFile,
    onSuccess: async (result, { plantId }) => {
      if (!result.dry_run) await invalidatePlantElements(queryClient, plantId);
    },
  });
}

/** The file's bytes in base64, read by the browser (FileReader: no 50 MB string built by hand). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
