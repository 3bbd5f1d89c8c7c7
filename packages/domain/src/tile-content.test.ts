import { describe, expect, it } from 'vitest';
import Pbf from 'pbf';
import { VectorTile } from '@mapbox/vector-tile';
import { DEFAULT_STATE_COLOR } from './constants';
import type { Position } from './geometry';
import {
  bufferedTileBbox,
  elementTileFeatures,
  encodePlantTile,
  encodePpiTile,
  isDetailZoom,
  overviewTypeIds,
  PPI_CONTEXT_COLOR,
  PPI_LINKED_COLOR,
  PPI_UNLINKED_COLOR,
  ppiTileFeatures,
  TILE_DETAIL_MIN_ZOOM,
  TILE_LAYER,
  type TileElement,
  type TileStyles,
} from './tile-content';
import { lonLatToTile, tileBbox } from './tiles';

const types = [
  { id: 1, code: 'MOD' },
  { id: 2, code: 'HIN' },
  { id: 3, code: 'TRA' },
  { id: 4, code: 'ZAN' },
];
const styles: TileStyles = {
  types,
  states: [
    { id: 10, color: '#00AA00', is_ok: true },
    { id: 11, color: 'not a colour', is_ok: false },
  ],
};
const CENTRE: Position = [-3.70379, 40.416775];
const square = (size: number): Position[][] => {
  const [x, y] = CENTRE;
  return [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]];
};
const element = (id: number, typeId: number, stateId: number | null): TileElement => ({
  id,
  type_id: typeId,
  code: `E-${id}`,
  state_id: stateId,
  geometry: { type: 'Polygon', coordinates: square(0.00001), srid: 4326 },
});

describe('what a plant tile holds', () => {
  it('draws modules and piles from the detail zoom on only', () => {
    expect(isDetailZoom(TILE_DETAIL_MIN_ZOOM - 1)).toBe(false);
    expect(isDetailZoom(TILE_DETAIL_MIN_ZOOM)).toBe(true);
    expect(overviewTypeIds(types)).toEqual([3, 4]);
  });

  it('looks for elements a little beyond the tile, as far as the encoder keeps geometry', () => {
    const [west, south, east, north] = tileBbox(18, 100, 200);
    const [bWest, bSouth, bEast, bNorth] = bufferedTileBbox(18, 100, 200);
    expect(bWest).toBeLessThan(west);
    expect(bSouth).toBeLessThan(south);
    expect(bEast).toBeGreaterThan(east);
    expect(bNorth).toBeGreaterThan(north);
    // Twice the 64-unit buffer of a 4096-unit tile on each side.
    expect((west - bWest) / (east - west)).toBeCloseTo(128 / 4096, 12);
  });

  it("gives each feature its type code, code, state, the state's colour and is_ok", () => {
    const [feature] = elementTileFeatures([element(7, 3, 10)], styles);
    expect(feature.id).toBe(7);
    expect(feature.properties).toEqual({ type: 'TRA', code: 'E-7', state: 10, color: '00aa00', is_ok: true });
  });

  it('draws an element without a state, or with an unreadable colour, in the default colour', () => {
    const [none, unreadable, unknown] = elementTileFeatures([element(1, 4, null), element(2, 4, 11), element(3, 99, 12)], styles);
    expect(none.properties).toEqual({ type: 'ZAN', code: 'E-1', state: 0, color: DEFAULT_STATE_COLOR, is_ok: false });
    expect(unreadable.properties.color).toBe(DEFAULT_STATE_COLOR);
    expect(unknown.properties).toMatchObject({ type: '', state: 12, color: DEFAULT_STATE_COLOR, is_ok: false });
  });

  it('encodes the features in the one elements layer', () => {
    const { x, y } = lonLatToTile(CENTRE[0], CENTRE[1], 18);
    const tile = new VectorTile(new Pbf(encodePlantTile([element(5, 1, 10)], styles, { z: 18, x, y })));
    expect(Object.keys(tile.layers)).toEqual([TILE_LAYER]);
    const feature = tile.layers[TILE_LAYER].feature(0);
    expect(feature.id).toBe(5);
    expect(feature.properties).toEqual({ type: 'MOD', code: 'E-5', state: 10, color: '00aa00', is_ok: true });
  });
});

describe('what a PPI tile holds', () => {
  it('colours the elements linked to the plan apart from the others, whatever their state', () => {
    const [linked, other] = ppiTileFeatures([element(7, 3, 10), element(8, 3, 10)], types, new Set([7]));
    expect(linked.properties).toEqual({ type: 'TRA', code: 'E-7', linked: true, color: PPI_LINKED_COLOR });
    expect(other.properties).toEqual({ type: 'TRA', code: 'E-8', linked: false, color: PPI_UNLINKED_COLOR });
    expect(PPI_LINKED_COLOR).not.toBe(PPI_UNLINKED_COLOR);
  });

  it('draws context elements first, faintly, never as linked', () => {
    const [context, own] = ppiTileFeatures([element(7, 1, null)], types, new Set([7, 8]), [element(8, 3, 10)]);
    expect(context.properties).toEqual({ type: 'TRA', code: 'E-8', linked: false, context: true, color: PPI_CONTEXT_COLOR });
    expect(own.properties).toMatchObject({ type: 'MOD', linked: true });
  });

  it('encodes them in the same elements layer as plant tiles', () => {
    const { x, y } = lonLatToTile(CENTRE[0], CENTRE[1], 18);
    const tile = new VectorTile(new Pbf(encodePpiTile([element(5, 1, null)], types, new Set([5]), { z: 18, x, y })));
    expect(Object.keys(tile.layers)).toEqual([TILE_LAYER]);
    expect(tile.layers[TILE_LAYER].feature(0).properties).toEqual({ type: 'MOD', code: 'E-5', linked: true, color: PPI_LINKED_COLOR });
  });
});
