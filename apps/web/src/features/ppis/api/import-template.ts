import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateImportResult } from '@heliotrack/domain/ppis';
import { http } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

export interface TemplateImportRequest {
  file: File;
  name: string;
  elementTypeId: number | null;
  plantId: number | null;
  /** true: answer what would be created and the errors by row, create nothing. */
  dryRun: boolean;
}

/** `POST templates/import/[?dry_run=true]` (multipart): a template from an xlsx or CSV sheet. */
export function importTemplate({ file, name, elementTypeId, plantId, dryRun }: TemplateImportRequest): Promise<TemplateImportResult> {
  const body = new FormData();
  body.append('name', name);
  if (elementTypeId !== null) body.append('element_type', String(elementTypeId));
  if (plantId !== null) body.append('plant', String(plantId));
  // The file goes last: multipart parsers stream it and may not read fields after it.
  body.append('file', file, file.name);
  return http.post<TemplateImportResult>('templates/import/', body, { query: dryRun ? { dry_run: 'true' } : {}, handle400: false });
}

export function useImportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTemplate,
    onSuccess: (result) => (result.template ? queryClient.invalidateQueries({ queryKey: ppiKeys.all }) : undefined),
  });
}
