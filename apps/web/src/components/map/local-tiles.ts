import { addProtocol } from 'maplibre-gl';
import type { ImageryLayer } from '@heliotrack/domain/imagery';
import { store } from '../../offline/handlers/local';

/*
 * The offline map's vector tiles (issue 16): MapLibre asks `local-tile://plants/{id}/{z}/{x}/{y}`
 * and this protocol answers with the tile the local database encodes from the downloaded plant
 * (localStore 'plantTile': the server's tile content rules and encoder), so the offline map draws
 * exactly what the online map draws, with no network. The PPI register map's tiles (issue 36) take
 * the same protocol: `local-tile://ppis/{id}/results/{activityId}/{z}/{x}/{y}`, answered by
 * 'ppiResultTile' with the server's result tile encoder over the device's results.
 */

const PROTOCOL = 'local-tile';
const TILE_PATH = /^local-tile:\/\/plants\/(\d+)\/(\d+)\/(\d+)\/(\d+)(?:\?.*)?$/;
const RESULT_TILE_PATH = /^local-tile:\/\/ppis\/(\d+)\/results\/(\d+)\/(\d+)\/(\d+)\/(\d+)(?:\?.*)?$/;

declare global {
  interface Window {
    /** Tiles the local-tile protocol answered, for automated browser tests only. */
    __heliotrackLocalTiles?: { answered: number; bytes: number; failed: number };
  }
}

let registered = false;

/**
 * The plant's local tile address. `version` is part of the address only to make a new one after a
 * local change (the page passes when its plant was last read): MapLibre then asks the tiles again.
 */
export function localTileUrl(plantId: number, version: number): string {
  return `${PROTOCOL}://plants/${plantId}/{z}/{x}/{y}?v=${version}`;
}

/**
 * The register map's local tile address of one activity; `version` changes with the activity's
 * counts, so a result written on the device makes a new address and MapLibre draws the new colours.
 */
export function localResultTileUrl(ppiId: number, activityId: number, version: string): string {
  return `${PROTOCOL}://ppis/${ppiId}/results/${activityId}/{z}/{x}/{y}?v=${encodeURIComponent(version)}`;
}

/** The tile a local-tile address names, from the local store (a PPI or activity not held here fails). */
async function localTile(url: string): Promise<Uint8Array> {
  const local = await store();
  const plant = TILE_PATH.exec(url);
  if (plant) {
    const [plantId, z, x, y] = plant.slice(1).map(Number);
    return local.call('plantTile', plantId, z, x, y);
  }
  const results = RESULT_TILE_PATH.exec(url);
  if (results) {
    const [ppiId, activityId, z, x, y] = results.slice(1).map(Number);
    const tile = await local.call('ppiResultTile', ppiId, activityId, z, x, y);
    if (tile) return tile;
  }
  throw new Error(`Not a local tile: ${url}`);
}

function countForTests(): Window['__heliotrackLocalTiles'] {
  if (typeof navigator === 'undefined' || !navigator.webdriver) return undefined;
  window.__heliotrackLocalTiles ??= { answered: 0, bytes: 0, failed: 0 };
  return window.__heliotrackLocalTiles;
}

/** Registers the protocol with MapLibre once (it is global to MapLibre, not to one map). */
export function registerLocalTiles(): void {
  if (registered) return;
  registered = true;
  addProtocol(PROTOCOL, async ({ url }) => {
    const counter = countForTests();
    try {
      const tile = await localTile(url);
      if (counter) {
        counter.answered += 1;
        counter.bytes += tile.byteLength;
      }
      // MapLibre wants an ArrayBuffer of exactly the tile (the view may be part of a larger buffer).
      return { data: tile.buffer.slice(tile.byteOffset, tile.byteOffset + tile.byteLength) };
    } catch (error) {
      if (counter) counter.failed += 1;
      throw error;
    }
  });
}

/*
 * The offline map's orthophoto (issue 37): `local-imagery://plants/{id}/{z}/{x}/{y}` answered with the
 * tile kept on the device (offline/local-imagery.ts); a tile the device does not hold is a
 * transparent one, so MapLibre draws nothing there instead of failing.
 */
const IMAGERY_PROTOCOL = 'local-imagery';
const IMAGERY_PATH = /^local-imagery:\/\/plants\/(\d+)\/(\d+)\/(\d+)\/(\d+)(?:\?.*)?$/;

declare global {
  interface Window {
    /** Orthophoto tiles the local-imagery protocol answered, for automated browser tests only. */
    __heliotrackLocalImagery?: { answered: number; missing: number };
  }
}

let imageryRegistered = false;
/** A transparent 1×1 PNG: where the device holds no tile (a hole in the archive) the map shows through. */
const EMPTY_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

/** The address of the orthophoto kept for the plant; `version` makes a new one after a new download. */
export function localImageryUrl(plantId: number, version: string): string {
  return `${IMAGERY_PROTOCOL}://plants/${plantId}/{z}/{x}/{y}?v=${encodeURIComponent(version)}`;
}

export function registerLocalImagery(): void {
  if (imageryRegistered) return;
  imageryRegistered = true;
  addProtocol(IMAGERY_PROTOCOL, async ({ url }) => {
    const match = IMAGERY_PATH.exec(url);
    if (!match) throw new Error(`Not a local orthophoto tile: ${url}`);
    const [plantId, z, x, y] = match.slice(1).map(Number);
    const tile = await (await store()).call('imageryTile', plantId, z, x, y);
    if (typeof navigator !== 'undefined' && navigator.webdriver) {
      window.__heliotrackLocalImagery ??= { answered: 0, missing: 0 };
      window.__heliotrackLocalImagery[tile ? 'answered' : 'missing'] += 1;
    }
    if (!tile) return { data: EMPTY_PNG.slice().buffer };
    return { data: tile.buffer.slice(tile.byteOffset, tile.byteOffset + tile.byteLength) as ArrayBuffer };
  });
}

/** The orthophoto kept for the plant as the map's one layer, when its download completed (else none). */
export async function localImageryLayers(plantId: number): Promise<ImageryLayer[]> {
  const kept = await (await store()).call('imageryOf', plantId);
  if (!kept?.complete) return [];
  return [
    {
      id: kept.layer_id,
      name: kept.name,
      captured_on: kept.captured_on,
      format: 'pmtiles',
      status: 'ready',
      size: kept.bytes,
      received: kept.bytes,
      tile_type: kept.tile_type,
      min_zoom: kept.min_zoom,
      max_zoom: kept.max_zoom,
      bounds: kept.bounds,
      is_default: true,
      tiles_url: localImageryUrl(plantId, `${kept.version ?? ''}-${kept.downloaded_at ?? ''}`),
      version: kept.version,
    },
  ];
}
