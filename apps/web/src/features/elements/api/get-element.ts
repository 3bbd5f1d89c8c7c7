import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ElementDetail } from '@heliotrack/domain/elements';
import { http } from '../../../lib/http-client';
import { elementPath, type ElementTypeRef } from '../../../api/element-paths';
import { elementKeys } from './query-keys';

/** One element with its current state, CT and geometry. */
export function getElement(plantId: number, type: ElementTypeRef, elementId: number): Promise<ElementDetail> {
  return http.get<ElementDetail>(elementPath(plantId, type, elementId));
}

export function elementQueryOptions(plantId: number, type: ElementTypeRef, elementId: number) {
  return queryOptions({
    queryKey: elementKeys.detail(plantId, type, elementId),
    queryFn: () => getElement(plantId, type, elementId),
  });
}

export function useElement(plantId: number, type: ElementTypeRef | undefined, elementId: number | null) {
  return useQuery({
    ...elementQueryOptions(plantId, type ?? { id: 0, code: '', path: null }, elementId ?? 0),
    enabled: !!type && elementId !== null,
  });
}
