import type { FilterSpecification } from 'maplibre-gl';

/**
 * The type and state filter of the plant map as a MapLibre expression over the tile properties
 * (`type`: the element type code, `state`: the state id). null for a list means "no filter on it";
 * an empty list shows nothing of that kind.
 */
export function elementsFilter({
  typeCodes,
  stateIds,
}: {
  typeCodes: readonly string[] | null;
  stateIds: readonly number[] | null;
}): FilterSpecification | null {
  const parts: FilterSpecification[] = [];
  if (typeCodes !== null) parts.push(['in', ['get', 'type'], ['literal', [...typeCodes]]]);
  if (stateIds !== null) parts.push(['in', ['get', 'state'], ['literal', [...stateIds]]]);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0] : (['all', ...parts] as FilterSpecification);
}
