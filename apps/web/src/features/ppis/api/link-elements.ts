import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkElementsResult } from '@heliotrack/domain/ppis';
import { http, type QueryValue } from '../../../lib/http-client';
import { ppiKeys } from './ppi-keys';

/** What to link or unlink: ids, everything matching the list's filters, or a drawn polygon. */
export type LinkSelection =
  | { elementIds: number[] }
  | { filters: Record<string, QueryValue> }
  | { polygon: string };

export interface LinkRequest {
  ppiId: number;
  action: 'link' | 'unlink';
  selection: LinkSelection;
}

function body(selection: LinkSelection) {
  if ('elementIds' in selection) return { element_ids: selection.elementIds };
  if ('polygon' in selection) return { polygon: selection.polygon };
  const filters: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(selection.filters)) if (value !== null && value !== undefined) filters[key] = value;
  return { filters };
}

/** `POST ppis/{id}/link-elements` or `unlink-elements`: one transaction on the server, idempotent. */
export function linkElements({ ppiId, action, selection }: LinkRequest): Promise<LinkElementsResult> {
  return http.post<LinkElementsResult>(`ppis/${ppiId}/${action}-elements`, body(selection));
}

/** After a link: the plan (its count and tile version), its element lists and the lists of plans. */
export function useLinkElements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkElements,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ppiKeys.all }),
  });
}
