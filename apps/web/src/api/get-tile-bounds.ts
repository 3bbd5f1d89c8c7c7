import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BBox } from '@heliotrack/domain/geometry';
import { http } from '../lib/http-client';
import { queryKeys } from './query-keys';

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

/** Under the plant's tiles key: invalidatePlantElements marks it stale with its elements. */
export function tileBoundsQueryOptions(plantId: number) {
  return queryOptions({
    queryKey: [...queryKeys.plants.tiles(plantId), 'bounds'],
    queryFn: () => getTileBounds(plantId),
  });
}

export function useTileBounds(plantId: number) {
  return useQuery(tileBoundsQueryOptions(plantId));
}
