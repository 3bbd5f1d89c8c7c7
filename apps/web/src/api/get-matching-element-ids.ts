import { useMutation } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@heliotrack/domain/constants';
import type { ElementTypeRef } from './element-paths';
import { getElements, type ElementFilterValues } from './get-elements';

/** The largest page the API serves (DESIGN section 3): fewest round trips for "all N matching". */
export const ID_PAGE_SIZE = PAGE_SIZE_MAX;
/** Pages asked for at once: enough to hide latency, few enough not to crowd out other users. */
const CONCURRENT_PAGES = 4;

export interface IdsProgress {
  loaded: number;
  total: number;
}

export interface MatchingIdsRequest {
  plantId: number;
  type: ElementTypeRef;
  filters: ElementFilterValues;
  onProgress?: (progress: IdsProgress) => void;
  signal?: AbortSignal;
}

/**
 * The ids of every element that matches the filters, read page by page (1000 per page, ordered by
 * id so pages do not overlap), a few pages at a time. For "select all N matching the filter".
 */
export async function getMatchingElementIds({
  plantId,
  type,
  filters,
  onProgress,
  signal,
}: MatchingIdsRequest): Promise<number[]> {
  const query = (page: number) => ({ page, pageSize: ID_PAGE_SIZE, ordering: 'id' as const, filters });
  const first = await getElements(plantId, type, query(1), signal);
  const total = first.count;
  const pageCount = Math.ceil(total / ID_PAGE_SIZE);
  const pages: number[][] = [first.results.map((element) => element.id)];
  let loaded = pages[0].length;
  onProgress?.({ loaded, total });

  let nextPage = 2;
  async function worker() {
    while (nextPage <= pageCount) {
      const page = nextPage++;
      const answer = await getElements(plantId, type, query(page), signal);
      pages[page - 1] = answer.results.map((element) => element.id);
      loaded += answer.results.length;
      onProgress?.({ loaded: Math.min(loaded, total), total });
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_PAGES, pageCount - 1) }, worker));
  // A state change by someone else between two pages can shift rows: never count an id twice.
  return [...new Set(pages.flat())];
}

export function useMatchingElementIds() {
  return useMutation({ mutationFn: getMatchingElementIds });
}
