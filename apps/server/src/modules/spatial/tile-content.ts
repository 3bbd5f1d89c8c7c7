import { DEFAULT_BUFFER, DEFAULT_EXTENT, tileBbox } from '@heliotrack/domain/tiles';
import type { BBox } from '@heliotrack/domain/geometry';
import { TILE_DETAIL_MIN_ZOOM, TILE_DETAIL_ONLY_TYPES } from '@heliotrack/domain/tiles';

/*
 * What a tile holds, decided here once so the server and (later) the device's offline tiles agree.
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
 * plant. So tiles below DETAIL_MIN_ZOOM hold the overview types only, every type but modules and
 * piles (trackers, strings, inverters, CTRs, masts and any extra type of the organisation, about
 * 4 % of the elements), whose states show progress block by block and string by string; from
 * DETAIL_MIN_ZOOM on they hold everything. The brief suggested < 15; the measurements above put
 * z15–z16 tiles far over the 50 ms budget, and z17 at the edge of it with 500 KB tiles, hence 18.
 * One constant: lower it if module colours are wanted from z17 on and the budget allows.
 */

/** Deepest zoom served; MapLibre over-zooms beyond it. */
export const TILE_MAX_ZOOM = 24;
/** From this zoom on tiles hold every element; below it, only the overview types. */
export const DETAIL_MIN_ZOOM = TILE_DETAIL_MIN_ZOOM;
/** Types left out below DETAIL_MIN_ZOOM: counted in hundreds of thousands, each a few metres wide. */
export const DETAIL_ONLY_TYPES = TILE_DETAIL_ONLY_TYPES;
/** The one layer of a plant tile. */
export const TILE_LAYER = 'elements';
/** Bumped when what a tile holds changes, so clients do not keep tiles of an older format. */
export const TILE_FORMAT = 1;

export function isDetailZoom(z: number): boolean {
  return z >= DETAIL_MIN_ZOOM;
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
