import type { QueryClient } from '@tanstack/react-query';
import type { Plant } from '@heliotrack/domain/plants';
import { queryKeys } from './query-keys';

/**
 * The plant's answers in the cache take the version the server gave after a write (a state change's
 * `elements_version`), so both maps ask for the new tiles at once, before the plant is refetched.
 * Never backwards: a refetch may already have brought a newer one.
 */
function setElementsVersion(queryClient: QueryClient, plantId: number, version: number) {
  const withVersion = (plant: Plant): Plant =>
    plant.id === plantId && plant.elements_version < version
      ? { ...plant, elements_version: version }
      : plant;
  queryClient.setQueryData<Plant>(queryKeys.plants.detail(plantId), (plant) => plant && withVersion(plant));
  queryClient.setQueryData<Plant[]>(queryKeys.plants.all, (plants) => plants?.map(withVersion));
}

/**
 * Every writer of a plant's elements or their states calls this (one state change, a massive change
 * in batches). Stale after it: the element lists and details, the element histories, the tile bounds,
 * the plant and the plant list (element count, `elements_version`: the tiles' version) and every
 * dashboard figure. `elementsVersion`: the version the write answered, when it answered one.
 */
export function invalidatePlantElements(queryClient: QueryClient, plantId: number, elementsVersion?: number) {
  if (elementsVersion !== undefined) setElementsVersion(queryClient, plantId, elementsVersion);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.plants.elements(plantId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.elementHistory.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.plants.tiles(plantId) }),
    // exact: the plant's other queries (states, types, contractors) do not change with its elements.
    queryClient.invalidateQueries({ queryKey: queryKeys.plants.detail(plantId), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.plants.all, exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);
}
