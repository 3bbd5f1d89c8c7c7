import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ElementsOk } from '@heliotrack/domain/dashboard';
import { http } from '../../../lib/http-client';
import { dashboardKeys } from './query-keys';

/** Every element type of the organisation with the plant's total, ok, not ok and stateless counts. */
export function getElementsOk(plantId: number): Promise<ElementsOk> {
  return http.get<ElementsOk>(`plants/${plantId}/elements-ok/`);
}

export function elementsOkQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: dashboardKeys.elementsOk(plantId),
    queryFn: () => getElementsOk(plantId),
  });
}

export function useElementsOk(plantId: number | null) {
  return useQuery({ ...elementsOkQueryOptions(plantId ?? 0), enabled: plantId !== null });
}
