import { useMutation } from '@tanstack/react-query';
import type { ElementOrdering } from '@heliotrack/domain/elements';
import type { ExportFormat } from '@heliotrack/domain/reports';
import { apiUrl, downloadFile } from '../lib/download-file';
import type { QueryValue } from '../lib/http-client';
import { filterParams, type ElementFilterValues } from './get-elements';

export interface ElementExport {
  plantId: number;
  /** Element type code (`type=MOD`). */
  typeCode: string;
  filters: ElementFilterValues;
  ordering: ElementOrdering;
  format: ExportFormat;
}

/** The query of `GET plants/{id}/elements/export/` (ElementExportQuery): the list's filters, no paging. */
export function elementExportParams({
  typeCode,
  filters,
  ordering,
  format,
}: ElementExport): Record<string, QueryValue> {
  return { format, type: typeCode, ordering, ...filterParams(filters) };
}

/**
 * "Elements to download": every element of a type that matches the list's filters, as Excel or
 * CSV, fetched with the user's token. The server names the file.
 */
export function exportElements(request: ElementExport): Promise<void> {
  const url = apiUrl(`plants/${request.plantId}/elements/export/`, elementExportParams(request));
  return downloadFile(url, `elements-${request.typeCode}.${request.format}`);
}

export function useExportElements() {
  return useMutation({ mutationFn: exportElements });
}
