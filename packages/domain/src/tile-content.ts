import { normaliseColor } from './catalogues';
import type { BBox, Geometry } from './geometry';
import { DEFAULT_BUFFER, DEFAULT_EXTENT, encodeTile, tileBbox, type TileCoord, type TileFeature } from './tiles';

/*
 * What a plant tile holds, decided here once so the server's tiles and the device's offline tiles
 * agree. tiles.ts encodes; this file says which elements go in and with which properties.
 *
 * Zoom and content, from measurements on the 250 MWp reference plant (500,000 elements over about
 * 2.1 × 1.8 km; PV plants all have about the same density, some 130,000 elements per km²):
 *
 *   zoom  tile width  elements on a tile  of which modules and piles
 *   15    ~ 970 m     ~ 150,000           ~ 95 %
 *   16    ~ 490 m     ~ 38,000
 *   17    ~ 245 m     ~ 10,400            (tile ~ 500 KB; reading + encoding ~ 40 ms of CPU)
 *   18    ~ 120 m     ~ 2,500             (tile ~ 125 KB; ~ 12 ms)
 *
 * Modules and piles are a few metres wide, one or two pixels below zoom 17, and they are 95 % of a
 * plant. So tiles below TILE_DETAIL_MIN_ZOOM hold the overview types only, every type but modules
 * and piles (trackers, strings, inverters, CTRs, masts and any extra type of the organisation,
 * about 4 % of the elements), whose states show progress block by block and string by string; from
 * TILE_DETAIL_MIN_ZOOM on they hold everything. The brief suggested < 15; the measurements above
 * put z15–z16 tiles far over the 50 ms budget, and z17 at the edge of it with 500 KB tiles, hence
 * 18. One constant: lower it if module colours are wanted from z17 on and the budget allows.
 */

/** Deepest zoom served; MapLibre over-zooms beyond it. */
export const TILE_MAX_ZOOM = 24;
/** From this zoom on tiles hold every element; below it, only the overview types. */
export const TILE_DETAIL_MIN_ZOOM = 18;
/** Element type codes drawn only from TILE_DETAIL_MIN_ZOOM on: counted in hundreds of thousands, each a few metres wide. */
export const TILE_DETAIL_ONLY_TYPES: readonly string[] = ['MOD', 'HIN'];
/** The one layer of a plant tile. */
export const TILE_LAYER = 'elements';
/** Bumped when what a tile holds changes, so clients do not keep tiles of an older format. */
export const TILE_FORMAT = 1;

export function isDetailZoom(z: number): boolean {
  return z >= TILE_DETAIL_MIN_ZOOM;
}

/** The ids of the overview types, drawn at every zoom: all but the detail-only ones. */
export function overviewTypeIds(types: readonly { id: number; code: string }[]): number[] {
  return types.filter((t) => !TILE_DETAIL_ONLY_TYPES.includes(t.code)).map((t) => t.id);
}

/**
 * The tile's bounds plus the encoder's buffer (and as much again: Mercator stretches latitudes
 * unevenly across a tile), in degrees: elements overlapping it may show on the tile.
 */
export function bufferedTileBbox(z: number, x: number, y: number): BBox {
  const [west, south, east, north] = tileBbox(z, x, y);
  const fraction = (2 * DEFAULT_BUFFER) / DEFAULT_EXTENT;
  const padX = (east - west) * fraction;
  const padY = (north - south) * fraction;
  return [west - padX, south - padY, east + padX, north + padY];
}

/** An element to draw: its ids and parsed geometry. */
export interface TileElement {
  id: number;
  type_id: number;
  code: string;
  state_id: number | null;
  geometry: Geometry;
}

/** The organisation's element types and states, which give each feature its type code and colours. */
export interface TileStyles {
  types: readonly { id: number; code: string }[];
  states: readonly { id: number; color: string | null; is_ok: boolean }[];
}

/**
 * A feature per element with its type code, code, state id (0 for none), state colour and is_ok;
 * an element without a state (or with a state not among `styles`) takes the default colour.
 */
export function elementTileFeatures(elements: readonly TileElement[], styles: TileStyles): TileFeature[] {
  const typeCodes = new Map(styles.types.map((t) => [t.id, t.code]));
  const stateStyles = new Map(styles.states.map((s) => [s.id, { color: normaliseColor(s.color), isOk: s.is_ok }]));
  const noState = { color: normaliseColor(null), isOk: false };
  return elements.map((e) => {
    const style = (e.state_id !== null && stateStyles.get(e.state_id)) || noState;
    return {
      id: e.id,
      geometry: e.geometry,
      properties: { type: typeCodes.get(e.type_id) ?? '', code: e.code, state: e.state_id ?? 0, color: style.color, is_ok: style.isOk },
    };
  });
}

/** The plant tile z/x/y of these elements, as Mapbox Vector Tile bytes. */
export function encodePlantTile(elements: readonly TileElement[], styles: TileStyles, { z, x, y }: TileCoord): Uint8Array {
  return encodeTile([{ name: TILE_LAYER, features: elementTileFeatures(elements, styles) }], z, x, y);
}

/*
 * The map of a PPI (link-elements-map): the plant's elements of the plan's type only, coloured by
 * whether they are linked to the plan, so a polygon drawn over it shows at once what it added.
 * Same zoom rule as plant tiles (the caller picks the elements), same layer, same `color` property:
 * the web draws them with the plant map's layers.
 */

/** Elements linked to the plan: blue, apart from every state colour of the demo catalogues. */
export const PPI_LINKED_COLOR = '1565c0';
/** Elements of the plan's type not linked to it. */
export const PPI_UNLINKED_COLOR = 'b0b0b0';
/**
 * Below the detail zoom a plan of piles or modules has nothing to draw (they are detail-only): the
 * plant's overview elements (trackers, strings…) are drawn faintly instead, as `context`, so the
 * user sees the layout, draws a polygon around rows, and zooms in to see the plan's own elements.
 */
export const PPI_CONTEXT_COLOR = 'dedede';

/** An element of a PPI tile: the plant tile's element; its state does not show. */
export type PpiTileElement = Omit<TileElement, 'state_id'>;

/** A feature per element with its type code, code, `linked` and its colour; context elements first, faint. */
export function ppiTileFeatures(
  elements: readonly PpiTileElement[],
  types: TileStyles['types'],
  linked: ReadonlySet<number>,
  context: readonly PpiTileElement[] = [],
): TileFeature[] {
  const typeCodes = new Map(types.map((t) => [t.id, t.code]));
  const contextFeatures = context.map((e) => ({
    id: e.id,
    geometry: e.geometry,
    properties: { type: typeCodes.get(e.type_id) ?? '', code: e.code, linked: false, context: true, color: PPI_CONTEXT_COLOR },
  }));
  return [
    ...contextFeatures,
    ...elements.map((e) => {
      const isLinked = linked.has(e.id);
      return {
        id: e.id,
        geometry: e.geometry,
        properties: { type: typeCodes.get(e.type_id) ?? '', code: e.code, linked: isLinked, color: isLinked ? PPI_LINKED_COLOR : PPI_UNLINKED_COLOR },
      };
    }),
  ];
}

/** The PPI tile z/x/y of these elements (and context elements), as Mapbox Vector Tile bytes. */
export function encodePpiTile(
  elements: readonly PpiTileElement[],
  types: TileStyles['types'],
  linked: ReadonlySet<number>,
  { z, x, y }: TileCoord,
  context: readonly PpiTileElement[] = [],
): Uint8Array {
  return encodeTile([{ name: TILE_LAYER, features: ppiTileFeatures(elements, types, linked, context) }], z, x, y);
}
