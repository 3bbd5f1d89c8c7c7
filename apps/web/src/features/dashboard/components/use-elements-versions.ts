import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import { plantQueryOptions } from '../../../api/get-plant';

/** Plant id → elements_version, of the plants read so far. Module-level: useQueries memoizes it. */
function versionsOf(answers: UseQueryResult<Plant>[]): ReadonlyMap<number, number> {
  return new Map(answers.flatMap(({ data }) => (data ? [[data.id, data.elements_version] as const] : [])));
}

/**
 * The elements_version of each plant, the version of its map tiles, which the dashboard's answer
 * does not carry. From the same plant query as the element map's, so a state change there gives the
 * new version here too. Asked for with the page's other figures, not once the map has loaded.
 */
export function useElementsVersions(plantIds: readonly number[]): ReadonlyMap<number, number> {
  return useQueries({ queries: plantIds.map((id) => plantQueryOptions(id)), combine: versionsOf });
}
