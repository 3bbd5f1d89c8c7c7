import { elementTypesQueryOptions } from '../../../api/get-element-types';
import { plantStatesQueryOptions } from '../../../api/get-plant-states';
import { queryClient } from '../../../lib/query-client';
import { isSignedIn } from '../../../lib/session';

/**
 * Asks, with the route chunk, for what the table and the map of a plant's elements both draw with:
 * its element types and states. Nothing when signed out or without a plant.
 */
export function prefetchElementCatalogues(plantId: number | null): void {
  if (!isSignedIn() || plantId === null) return;
  void queryClient.prefetchQuery(elementTypesQueryOptions(plantId));
  void queryClient.prefetchQuery(plantStatesQueryOptions(plantId));
}
