import type { OfflineRequest } from '../../lib/offline-resolver';
import { idParam, notFound, store } from './local';

/*
 * The plant's extent for the maps, `GET plants/{id}/tiles/bounds/` as the server answers it
 * ({bbox: [minX, minY, maxX, maxY] | null}), from the downloaded elements' bounding boxes. The tiles
 * themselves are answered by MapLibre's local-tile protocol (components/map/local-tiles.ts).
 */
export const tileHandlers = {
  bounds: async ({ params }: OfflineRequest) => {
    const plantId = idParam(params.plantId);
    const local = await store();
    if (!(await local.call('getPlant', plantId))) throw notFound();
    const [row] = await local.call(
      'select',
      'SELECT min(min_x) AS w, min(min_y) AS s, max(max_x) AS e, max(max_y) AS n FROM element WHERE plant_id = ? AND min_x IS NOT NULL',
      [plantId],
    );
    const bbox = [row?.w, row?.s, row?.e, row?.n].map(Number);
    return { bbox: row && row.w !== null && bbox.every(Number.isFinite) ? bbox : null };
  },
};
