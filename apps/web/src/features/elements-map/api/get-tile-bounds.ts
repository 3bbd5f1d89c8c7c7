import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BBox } from '@heliotrack/domain/geometry';
import { http } from '../../../lib/http-client';

function isBBox(value: unknown): value is BBox {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** The plant's extent, [minX, minY, maxX, maxY] in degrees; null when it has no elements yet. */
export async function getTileBounds(plantId: number): Promise<BBox | null> {
  const answer = await http.get<{ bbox: BBox | null } | BBox | null>(`plants/${plantId}/tiles/bounds/`);
  const bounds = answer && !Array.isArray(answer) ? answer.bbox : answer;
  return isBBox(bounds) ? bounds : null;
}

/**
 * Under ['plants', id, 'tiles'], which every state change invalidates: the map uses the time of the
 * latest answer (dataUpdatedAt) as the version in its tile URLs, so a change reloads the tiles.
 */
export function tileBoundsQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: ['plants', plantId, 'tiles', 'bounds'],
    queryFn: () => getTileBounds(plantId),
  });
}

export function useTileBounds(plantId: number) {
  return useQuery(tileBoundsQueryOptions(plantId));
}
