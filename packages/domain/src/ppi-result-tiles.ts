import { ppiTileFeatures, TILE_LAYER, type PpiTileElement, type TileStyles } from './tile-content';
import { encodeTile, type TileCoord } from './tiles';
import { RESULT_COLORS, type PpiResultValue } from './ppi-results';

/*
 * The register map of a PPI (register-map): the plan's elements as on its link map, the linked ones
 * coloured by their result of one activity (OK, not OK, not applicable, pending: RESULT_COLORS),
 * with a `result` property the web reads when an element is clicked.
 */

const hex = (color: string) => color.replace(/^#/, '');

/** The register tile z/x/y: `results` maps a linked element to its result (absent: pending). */
export function encodeResultTile(
  elements: readonly PpiTileElement[],
  types: TileStyles['types'],
  linked: ReadonlySet<number>,
  results: ReadonlyMap<number, PpiResultValue>,
  coord: TileCoord,
  context: readonly PpiTileElement[] = [],
): Uint8Array {
  const features = ppiTileFeatures(elements, types, linked, context).map((feature) => {
    if (!feature.properties.linked) return feature;
    const result = results.get(Number(feature.id)) ?? 'pending';
    return { ...feature, properties: { ...feature.properties, result, color: hex(RESULT_COLORS[result]) } };
  });
  return encodeTile([{ name: TILE_LAYER, features }], coord.z, coord.x, coord.y);
}
