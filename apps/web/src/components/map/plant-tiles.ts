import { apiAddress } from '../../lib/server-url';

/** The layer of the plant's vector tiles that holds its elements. */
export const PLANT_TILE_LAYER = 'elements';

/**
 * The one address of a plant's vector tiles, absolute as MapLibre's worker needs. `v` is the
 * plant's `elements_version`, which the server bumps with every change to the plant's elements: a
 * new version is a new address, so a map fetches the tiles again instead of drawing those it holds.
 * The server reads only the path (its ETag carries the version too).
 */
export function plantTileUrl(plantId: number, elementsVersion: number): string {
  return apiAddress(`plants/${plantId}/tiles/{z}/{x}/{y}.pbf?v=${elementsVersion}`);
}
