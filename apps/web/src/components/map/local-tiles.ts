import { addProtocol } from 'maplibre-gl';
import { store } from '../../offline/handlers/local';

/*
 * The offline map's vector tiles (issue 16): MapLibre asks `local-tile://plants/{id}/{z}/{x}/{y}`
 * and this protocol answers with the tile the local database encodes from the downloaded plant
 * (localStore 'plantTile': the server's tile content rules and encoder), so the offline map draws
 * exactly what the online map draws, with no network.
 */

const PROTOCOL = 'local-tile';
const TILE_PATH = /^local-tile:\/\/plants\/(\d+)\/(\d+)\/(\d+)\/(\d+)(?:\?.*)?$/;

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
    const match = TILE_PATH.exec(url);
    if (!match) throw new Error(`Not a local tile: ${url}`);
    const [plantId, z, x, y] = match.slice(1).map(Number);
    const counter = countForTests();
    try {
      const tile = await (await store()).call('plantTile', plantId, z, x, y);
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
