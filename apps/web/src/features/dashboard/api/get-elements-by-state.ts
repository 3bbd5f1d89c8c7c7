import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ElementsByState } from '@heliotrack/domain/dashboard';
import { http } from '../../../lib/http-client';
import { dashboardKeys, type ElementsByStateParams } from './query-keys';

/** Elements of one type per state, now or as of the end of a day. */
export function getElementsByState(params: ElementsByStateParams): Promise<ElementsByState> {
  return http.get<ElementsByState>('elements-by-state/', {
    query: {
      plant: params.plant,
      element_type: params.elementType,
      ctr: params.ctr,
      target_date: params.targetDate,
    },
  });
}

export function elementsByStateQueryOptions(params: ElementsByStateParams) {
  return queryOptions({
    queryKey: dashboardKeys.elementsByState(params),
    queryFn: () => getElementsByState(params),
  });
}

export function useElementsByState(params: ElementsByStateParams | null) {
  return useQuery({
    ...elementsByStateQueryOptions(params ?? { plant: 0, elementType: 0, ctr: null, targetDate: null }),
    enabled: params !== null,
  });
}

/**
 * At module level, so that its identity is stable: TanStack Query then re-runs it only when an
 * answer changes, and the charts built from it are not rebuilt on every render.
 */
function combineAnswers(results: UseQueryResult<ElementsByState>[]) {
  return {
    data: results.map((result) => result.data),
    isPending: results.some((result) => result.isPending),
    error: results.find((result) => result.error)?.error ?? null,
    refetch: () => results.forEach((result) => void result.refetch()),
  };
}

/** One request per set of params, in parallel; the answers keep the order of the params. */
export function useElementsByStateList(list: ElementsByStateParams[]) {
  return useQueries({
    queries: list.map((params) => elementsByStateQueryOptions(params)),
    combine: combineAnswers,
  });
}
